import { Text } from '@mantine/core';
import { useParams } from 'react-router';
import { AdminEditPage } from '../../../components/admin-page/admin-edit-page';
import { useSaveAndReturn } from '../../../components/admin-page/use-save-and-return';
import { createGroup, groupListKey, renameGroup, useGroup } from '../api';
import { GroupForm } from '../components/group-form';
import { GroupContents } from '../components/group-contents';
import { useTranslation } from '../../../lib/i18n';

/** SPEC §2 /admin/group/create and /admin/group/:id/edit. */
function GroupEditPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const group = useGroup(id);
  const saveAndReturn = useSaveAndReturn({ to: '/admin/group', listKey: groupListKey() });
  const save = (name: string) => saveAndReturn(() => (id ? renameGroup(id, name) : createGroup(name)), t(id ? 'groups:edit.saved' : 'groups:edit.created', { name }));

  return (
    <AdminEditPage
      title={t(id ? 'groups:edit.title' : 'groups:edit.createTitle')}
      back={{ to: '/admin/group', label: t('groups:edit.back') }}
      error={id && group.error}
      errorTitle={t('groups:edit.loadError')}
      onRetry={() => void group.mutate()}
      loading={!!id && !group.data}
      skeleton={{ h: 120, maw: 560 }}
    >
      {() =>
        !id || !group.data ? (
          <GroupForm submitLabel={t('groups:actions.create')} onSubmit={save} />
        ) : (
          <>
            <Text size="sm">{t('groups:list.members', { count: group.data.group.memberCount })}</Text>
            <GroupForm initialName={group.data.group.name} submitLabel={t('groups:actions.save')} onSubmit={save} />
            <GroupContents groupId={id} />
          </>
        )
      }
    </AdminEditPage>
  );
}

export { GroupEditPage as Component };
