import { Anchor, Badge, Button, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AdminLogEntry } from '../../../../shared/api/calls/administrators';
import { LoadError } from '../../components/load-error';
import { useAdminLog } from '../../features/administrators/api';

const pad = (n: number) => String(n).padStart(2, '0');
const formatDateTime = (iso: string) => {
  const d = new Date(iso);
  return `${d.getFullYear()}/${pad(d.getMonth() + 1)}/${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

/** SPEC §2 /admin/general_setting/administrator/log: who changed which administrator, how, and when. */
function AdministratorLogPage() {
  const { t } = useTranslation();
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const { data, error, mutate } = useAdminLog(cursors.at(-1));
  const permissions = (p?: AdminLogEntry['before']) =>
    !p ? '' : p.level === 'super' ? t('administrators:levels.super') : p.categories.map((c) => t(`administrators:categories.${c}`)).join(', ') || t('administrators:log.none');

  return (
    <Stack gap="lg" maw={1100}>
      <Anchor component={Link} to="/admin/general_setting/administrator" size="sm">
        {t('administrators:log.back')}
      </Anchor>
      <Title order={1} size="h2">
        {t('administrators:log.title')}
      </Title>
      {error ? (
        <LoadError title={t('administrators:log.loadError')} error={error} onRetry={() => void mutate()} />
      ) : !data ? (
        <Skeleton h={120} role="status" aria-label={t('common:loading')} />
      ) : data.items.length === 0 ? (
        <Text c="dimmed">{t('administrators:log.empty')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table striped verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('administrators:log.at')}</Table.Th>
                <Table.Th>{t('administrators:log.actor')}</Table.Th>
                <Table.Th>{t('administrators:log.target')}</Table.Th>
                <Table.Th>{t('administrators:log.action')}</Table.Th>
                <Table.Th>{t('administrators:log.change')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.items.map((e) => (
                <Table.Tr key={e.logId}>
                  <Table.Td>{formatDateTime(e.at)}</Table.Td>
                  <Table.Td>{e.actor.name}</Table.Td>
                  <Table.Td>
                    {e.target.name}
                    <Text size="xs" c="dimmed">
                      {e.target.email}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={e.action === 'deleted' ? 'red' : 'blue'}>
                      {t(`administrators:log.actions.${e.action}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">
                      {permissions(e.before)}
                      {e.after ? ` → ${permissions(e.after)}` : ''}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Group justify="space-between">
        <Button variant="default" disabled={cursors.length <= 1} onClick={() => setCursors(cursors.slice(0, -1))}>
          {t('administrators:log.newer')}
        </Button>
        <Button variant="default" disabled={!data?.nextCursor} onClick={() => setCursors([...cursors, data?.nextCursor])}>
          {t('administrators:log.older')}
        </Button>
      </Group>
    </Stack>
  );
}

export { AdministratorLogPage as Component };
