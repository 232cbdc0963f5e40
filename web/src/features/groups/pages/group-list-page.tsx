import { Anchor, Button, Group, Stack, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { GroupRow } from '../../../../../shared/api/calls/groups';
import { AdminListTable } from '../../../components/admin-list-table';
import { ConfirmDelete } from '../../../components/confirm-delete';
import { deleteGroup, useGroups } from '../api';
import { formatDate } from '../../../lib/format';
import { errorMessage, useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';

/** SPEC §2 /admin/group: the team's groups with their member counts. */
function GroupListPage() {
  const { t } = useTranslation();
  const { data, error, mutate } = useGroups();
  const [toDelete, setToDelete] = useState<GroupRow>();

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await deleteGroup(toDelete.groupId);
      toast.success(t('groups:delete.done', { name: toDelete.name }));
      await mutate();
    } catch (e) {
      toast.error(errorMessage(e));
    } finally {
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
      <AdminListTable
        rows={data?.groups}
        rowKey={(g) => g.groupId}
        error={error}
        loadErrorTitle={t('groups:list.loadError')}
        onRetry={() => void mutate()}
        emptyText={t('groups:list.empty')}
        columns={[
          {
            key: 'name',
            header: t('groups:fields.name'),
            cell: (g) => (
              <Anchor component={Link} to={`/admin/group/${g.groupId}/edit`} fw={500}>
                {g.name}
              </Anchor>
            ),
          },
          { key: 'memberCount', header: t('groups:fields.memberCount'), cell: (g) => t('groups:list.members', { count: g.memberCount }) },
          { key: 'createdAt', header: t('groups:fields.createdAt'), cell: (g) => formatDate(g.createdAt) },
          {
            key: 'actions',
            header: '',
            align: 'right',
            cell: (g) => (
              <Button size="xs" color="red" variant="subtle" onClick={() => setToDelete(g)} aria-label={t('groups:delete.one', { name: g.name })}>
                {t('groups:actions.delete')}
              </Button>
            ),
          },
        ]}
      />
      <ConfirmDelete
        opened={!!toDelete}
        onClose={() => setToDelete(undefined)}
        onConfirm={confirmDelete}
        title={t('groups:delete.title')}
        body={t('groups:delete.body', { name: toDelete?.name ?? '' })}
        confirmLabel={t('groups:actions.delete')}
        cancelLabel={t('groups:actions.cancel')}
      />
    </Stack>
  );
}

export { GroupListPage as Component };
