import { Anchor, Skeleton, Stack, Title } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n';
import { Link, useNavigate, useParams } from 'react-router';
import { useSWRConfig } from 'swr';
import { LoadError } from '../../../components/load-error';
import { isMemberDataKey, useCustomFields, useGroupChoices, useMember } from '../api';
import { MemberEditForm } from '../components/member-edit-form';

/** SPEC §2 /admin/user/:userId/edit. */
function UserEditPage() {
  const { t } = useTranslation();
  const { userId = '' } = useParams();
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const member = useMember(userId);
  const groups = useGroupChoices();
  // Custom fields belong to the invitations area; if they cannot be read, the form shows none.
  const fields = useCustomFields();
  const error = member.error ?? groups.error;

  return (
    <Stack gap="lg" maw={960}>
      <Anchor component={Link} to="/admin/user" size="sm">
        {t('users:edit.back')}
      </Anchor>
      <Title order={1} size="h2">
        {t('users:edit.title')}
      </Title>
      <Anchor component={Link} to={`/admin/user/${userId}/view_log`} size="sm">
        {t('users:edit.viewLog')}
      </Anchor>
      {error ? (
        <LoadError title={t('users:edit.loadError')} error={error} onRetry={() => void Promise.all([member.mutate(), groups.mutate()])} />
      ) : !member.data || !groups.data || (fields.isLoading && !fields.data) ? (
        <Stack role="status" aria-label={t('common:loading')}>
          <Skeleton h={200} />
          <Skeleton h={160} />
        </Stack>
      ) : (
        <MemberEditForm
          member={member.data.member}
          groups={groups.data.groups}
          customFields={fields.data?.items ?? []}
          onSaved={() => {
            void mutate(isMemberDataKey);
            navigate('/admin/user');
          }}
        />
      )}
    </Stack>
  );
}

export { UserEditPage as Component };
