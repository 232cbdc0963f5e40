import { Badge, Button, Group, Modal, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSWRConfig } from 'swr';
import type { AdministratorRow } from '../../../../shared/api/calls/administrators';
import { LoadError } from '../../components/load-error';
import { deleteAdministrator, isAdministratorKey, useAdministrators } from '../../features/administrators/api';
import { PermissionModal } from '../../features/administrators/components/permission-modal';
import { errorMessage } from '../../lib/i18n';
import { getTeamSession } from '../../lib/team-session';
import { toast } from '../../lib/toast';

/** SPEC §2 /admin/general_setting/administrator: administrators and their permissions. */
function AdministratorListPage() {
  const { t } = useTranslation();
  const { mutate } = useSWRConfig();
  const { data, error, mutate: reload } = useAdministrators();
  const [editing, setEditing] = useState<AdministratorRow>();
  const [removing, setRemoving] = useState<AdministratorRow>();
  const me = getTeamSession()?.operatedUserId;

  const remove = async () => {
    if (!removing) return;
    try {
      await deleteAdministrator(removing.userId);
      toast.success(t('administrators:delete.done', { name: removing.name }));
      await mutate(isAdministratorKey);
    } catch (e) {
      toast.error(errorMessage(e));
    } finally {
      setRemoving(undefined);
    }
  };

  return (
    <Stack gap="lg" maw={1100}>
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('administrators:list.title')}
        </Title>
        <Button component={Link} to="/admin/general_setting/administrator/log" variant="default" leftSection={<IconHistory size={16} aria-hidden />}>
          {t('administrators:list.log')}
        </Button>
      </Group>
      {error ? (
        <LoadError title={t('administrators:list.loadError')} error={error} onRetry={() => void reload()} />
      ) : !data ? (
        <Skeleton h={120} role="status" aria-label={t('common:loading')} />
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table striped verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('administrators:fields.name')}</Table.Th>
                <Table.Th>{t('administrators:fields.email')}</Table.Th>
                <Table.Th>{t('administrators:fields.level')}</Table.Th>
                <Table.Th>{t('administrators:fields.categories')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.administrators.map((a) => (
                <Table.Tr key={a.userId}>
                  <Table.Td fw={500}>
                    {a.name}
                    {a.userId === me && (
                      <Text span size="xs" c="dimmed" ml={6}>
                        {t('administrators:list.you')}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{a.email}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={a.level === 'super' ? 'grape' : 'blue'}>
                      {t(`administrators:levels.${a.level}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      {(a.level === 'super' ? [] : a.categories).map((c) => (
                        <Badge key={c} variant="outline" size="sm">
                          {t(`administrators:categories.${c}`)}
                        </Badge>
                      ))}
                      {a.level === 'super' && <Text size="sm">{t('administrators:list.allCategories')}</Text>}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    {/* SPEC §6: nobody changes their own permissions, so one's own row has no actions. */}
                    {a.userId !== me && (
                      <Group gap="xs" justify="flex-end" wrap="nowrap">
                        <Button size="xs" variant="default" onClick={() => setEditing(a)} aria-label={t('administrators:list.editOne', { name: a.name })}>
                          {t('administrators:actions.edit')}
                        </Button>
                        <Button size="xs" color="red" variant="subtle" onClick={() => setRemoving(a)} aria-label={t('administrators:delete.one', { name: a.name })}>
                          {t('administrators:actions.delete')}
                        </Button>
                      </Group>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <PermissionModal
        admin={editing}
        onClose={() => setEditing(undefined)}
        onSaved={() => {
          setEditing(undefined);
          void mutate(isAdministratorKey);
        }}
      />
      <Modal opened={!!removing} onClose={() => setRemoving(undefined)} title={t('administrators:delete.title')}>
        <Stack>
          <Text size="sm">{t('administrators:delete.body', { name: removing?.name ?? '' })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRemoving(undefined)}>
              {t('administrators:actions.cancel')}
            </Button>
            <Button color="red" onClick={() => void remove()}>
              {t('administrators:actions.delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

export { AdministratorListPage as Component };
