import { Anchor, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router';
import { useSWRConfig } from 'swr';
import { LoadError } from '../../../components/load-error';
import { createGroup, groupListKey, renameGroup, useGroup } from '../api';
import { GroupForm } from '../components/group-form';
import { errorMessage, useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';

/** SPEC §2 /admin/group/create and /admin/group/:id/edit. */
function GroupEditPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const group = useGroup(id);

  const save = async (name: string) => {
    try {
      if (id) await renameGroup(id, name);
      else await createGroup(name);
    } catch (e) {
      toast.error(errorMessage(e));
      throw e;
    }
    toast.success(t(id ? 'groups:edit.saved' : 'groups:edit.created', { name }));
    await mutate(groupListKey());
    navigate('/admin/group');
  };

  return (
    <Stack gap="lg" maw={960}>
      <Anchor component={Link} to="/admin/group" size="sm">
        {t('groups:edit.back')}
      </Anchor>
      <Title order={1} size="h2">
        {t(id ? 'groups:edit.title' : 'groups:edit.createTitle')}
      </Title>
      {!id ? (
        <GroupForm submitLabel={t('groups:actions.create')} onSubmit={save} />
      ) : group.error ? (
        <LoadError title={t('groups:edit.loadError')} error={group.error} onRetry={() => void group.mutate()} />
      ) : !group.data ? (
        <Skeleton h={120} maw={560} role="status" aria-label={t('common:loading')} />
      ) : (
        <>
          <Text size="sm">{t('groups:list.members', { count: group.data.group.memberCount })}</Text>
          <GroupForm initialName={group.data.group.name} submitLabel={t('groups:actions.save')} onSubmit={save} />
        </>
      )}
    </Stack>
  );
}

export { GroupEditPage as Component };
