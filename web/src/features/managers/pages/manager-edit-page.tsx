import { useParams } from 'react-router';
import { AdminEditPage } from '../../../components/admin-page/admin-edit-page';
import { useSaveAndReturn } from '../../../components/admin-page/use-save-and-return';
import { useTranslation } from '../../../lib/i18n';
import { createManager, isManagerListKey, updateManager, useManager, useTeamGroups } from '../api';
import { ManagerForm } from '../components/manager-form';

/** SPEC §6: a user manager makes a member a group manager, or changes a manager's groups and permissions. */
function ManagerEditPage() {
  const { t } = useTranslation();
  const { userId } = useParams();
  const manager = useManager(userId);
  const groups = useTeamGroups();
  const saveAndReturn = useSaveAndReturn({ to: '/admin/group/managers', listKey: isManagerListKey, reload: userId ? () => manager.mutate() : undefined });

  return (
    <AdminEditPage
      title={t(userId ? 'managers:edit.title' : 'managers:edit.createTitle')}
      back={{ to: '/admin/group/managers', label: t('managers:edit.back') }}
      error={(userId && manager.error) || groups.error}
      errorTitle={t('managers:edit.loadError')}
      onRetry={() => void Promise.all([manager.mutate(), groups.mutate()])}
      loading={(!!userId && !manager.data) || !groups.data}
      skeleton={{ h: 240, maw: 720 }}
    >
      {() => (
        <ManagerForm
          groups={groups.data?.groups ?? []}
          manager={userId ? manager.data?.manager : undefined}
          submitLabel={t(userId ? 'managers:actions.save' : 'managers:actions.create')}
          onSubmit={(email, groups) =>
            saveAndReturn(
              () => (userId ? updateManager(userId, groups) : createManager(email, groups)),
              t(userId ? 'managers:edit.saved' : 'managers:edit.created', { name: manager.data?.manager.name ?? email }),
            )
          }
        />
      )}
    </AdminEditPage>
  );
}

export { ManagerEditPage as Component };
