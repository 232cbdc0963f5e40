import { Anchor, Button, Group, Modal, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { GroupRow } from '../../../../shared/api/calls/groups';
import { LoadError } from '../../components/load-error';
import { deleteGroup, useGroups } from '../../features/groups/api';
import { formatDate } from '../../lib/format';
import { errorMessage } from '../../lib/i18n';
import { toast } from '../../lib/toast';

/** SPEC §2 /admin/group: the team's groups with their member counts. */
function GroupListPage() {
  const { t } = useTranslation();
  const { data, error, mutate } = useGroups();
  const [toDelete, setToDelete] = useState<GroupRow>();
  const [busy, setBusy] = useState(false);

  const confirmDelete = async () => {
    if (!toDelete) return;
    setBusy(true);
    try {
      await deleteGroup(toDelete.groupId);
      toast.success(t('groups:delete.done', { name: toDelete.name }));
      await mutate();
    } catch (e) {
      toast.error(errorMessage(e));
    } finally {
      setBusy(false);
      setToDelete(undefined);
    }
  };

  return (
    <Stack gap="lg" maw={960}>
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('groups:list.title')}
        </Title>
        <Button component={Link} to="/admin/group/create" leftSection={<IconPlus size={16} aria-hidden />}>
          {t('groups:list.create')}
        </Button>
      </Group>
      {error ? (
        <LoadError title={t('groups:list.loadError')} error={error} onRetry={() => void mutate()} />
      ) : !data ? (
        <Stack role="status" aria-label={t('common:loading')}>
          <Skeleton h={36} />
          <Skeleton h={36} />
        </Stack>
      ) : data.groups.length === 0 ? (
        <Text c="dimmed">{t('groups:list.empty')}</Text>
      ) : (
        <Table striped highlightOnHover verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('groups:fields.name')}</Table.Th>
              <Table.Th>{t('groups:fields.memberCount')}</Table.Th>
              <Table.Th>{t('groups:fields.createdAt')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.groups.map((g) => (
              <Table.Tr key={g.groupId}>
                <Table.Td>
                  <Anchor component={Link} to={`/admin/group/${g.groupId}/edit`} fw={500}>
                    {g.name}
                  </Anchor>
                </Table.Td>
                <Table.Td data-testid="member-count">{t('groups:list.members', { count: g.memberCount })}</Table.Td>
                <Table.Td>{formatDate(g.createdAt)}</Table.Td>
                <Table.Td ta="right">
                  <Button size="xs" color="red" variant="subtle" onClick={() => setToDelete(g)} aria-label={t('groups:delete.one', { name: g.name })}>
                    {t('groups:actions.delete')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Modal opened={!!toDelete} onClose={() => setToDelete(undefined)} title={t('groups:delete.title')}>
        <Stack>
          <Text size="sm">{t('groups:delete.body', { name: toDelete?.name ?? '' })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setToDelete(undefined)}>
              {t('groups:actions.cancel')}
            </Button>
            <Button color="red" loading={busy} onClick={() => void confirmDelete()}>
              {t('groups:actions.delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

export { GroupListPage as Component };
