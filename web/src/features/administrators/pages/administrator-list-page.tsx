import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useSWRConfig } from 'swr';
import type { AdministratorRow } from '../../../../../shared/api/calls/administrators';
import { AdminListTable } from '../../../components/admin-list-table';
import { ConfirmDelete } from '../../../components/confirm-delete';
import { deleteAdministrator, isAdministratorKey, useAdministrators } from '../api';
import { PermissionModal } from '../components/permission-modal';
import { errorMessage, useTranslation } from '../../../lib/i18n';
import { getTeamSession } from '../../../lib/team-session';
import { toast } from '../../../lib/toast';

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
      <AdminListTable
        rows={data?.administrators}
        rowKey={(a) => a.userId}
        error={error}
        loadErrorTitle={t('administrators:list.loadError')}
        onRetry={() => void reload()}
        minWidth={760}
        columns={[
          {
            key: 'name',
            header: t('administrators:fields.name'),
            cell: (a) => (
              <Text fw={500} size="sm">
                {a.name}
                {a.userId === me && (
                  <Text span size="xs" c="dimmed" ml={6}>
                    {t('administrators:list.you')}
                  </Text>
                )}
              </Text>
            ),
          },
          { key: 'email', header: t('administrators:fields.email'), cell: (a) => a.email },
          {
            key: 'level',
            header: t('administrators:fields.level'),
            cell: (a) => (
              <Badge variant="light" color={a.level === 'super' ? 'grape' : 'blue'}>
                {t(`administrators:levels.${a.level}`)}
              </Badge>
            ),
          },
          {
            key: 'categories',
            header: t('administrators:fields.categories'),
            cell: (a) => (
              <Group gap={4}>
                {(a.level === 'super' ? [] : a.categories).map((c) => (
                  <Badge key={c} variant="outline" size="sm">
                    {t(`administrators:categories.${c}`)}
                  </Badge>
                ))}
                {a.level === 'super' && <Text size="sm">{t('administrators:list.allCategories')}</Text>}
              </Group>
            ),
          },
          {
            key: 'actions',
            header: '',
            // SPEC §6: nobody changes their own permissions, so one's own row has no actions.
            cell: (a) =>
              a.userId !== me && (
                <Group gap="xs" justify="flex-end" wrap="nowrap">
                  <Button size="xs" variant="default" onClick={() => setEditing(a)} aria-label={t('administrators:list.editOne', { name: a.name })}>
                    {t('administrators:actions.edit')}
                  </Button>
                  <Button size="xs" color="red" variant="subtle" onClick={() => setRemoving(a)} aria-label={t('administrators:delete.one', { name: a.name })}>
                    {t('administrators:actions.delete')}
                  </Button>
                </Group>
              ),
          },
        ]}
      />
      <PermissionModal
        admin={editing}
        onClose={() => setEditing(undefined)}
        onSaved={() => {
          setEditing(undefined);
          void mutate(isAdministratorKey);
        }}
      />
      <ConfirmDelete
        opened={!!removing}
        onClose={() => setRemoving(undefined)}
        onConfirm={remove}
        title={t('administrators:delete.title')}
        body={t('administrators:delete.body', { name: removing?.name ?? '' })}
        confirmLabel={t('administrators:actions.delete')}
        cancelLabel={t('administrators:actions.cancel')}
      />
    </Stack>
  );
}

export { AdministratorListPage as Component };
