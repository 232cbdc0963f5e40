import { Alert, Anchor, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n';
import { Link, useNavigate, useParams } from 'react-router';
import { useSWRConfig } from 'swr';
import { LoadError } from '../../../components/load-error';
import { isMemberDataKey, useCustomFields, useGroupChoices, useMember, useResendInvitation } from '../api';
import { MemberStateBadge } from '../components/member-state-badge';
import { MemberEditForm } from '../components/member-edit-form';
import { AdminPage } from '../../../components/admin-page/admin-page';

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
  const { resending, resend } = useResendInvitation();

  return (
    <AdminPage title={t('users:edit.title')} back={{ to: '/admin/user', label: t('users:edit.back') }}>
      <Anchor component={Link} to={`/admin/user/${userId}/view_log`} size="sm">
        {t('users:edit.viewLog')}
      </Anchor>
      {member.data && (
        <Group gap="sm" align="center" wrap="wrap">
          <Text size="sm" fw={500}>
            {t('users:fields.status')}
          </Text>
          <MemberStateBadge member={member.data.member} />
        </Group>
      )}
      {member.data?.member.state === 'invited' && (
        <Alert color="blue" variant="light">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('users:invitation.hint', { name: member.data.member.name })}</Text>
            <Button size="xs" variant="light" loading={resending === member.data.member.userId} onClick={() => void resend(member.data!.member)}>
              {t('users:actions.resendInvitation')}
            </Button>
          </Stack>
        </Alert>
      )}
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
    </AdminPage>
  );
}

export { UserEditPage as Component };
