import { Anchor, Skeleton, Stack, Title } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n';
import { Link, useParams } from 'react-router';
import { LoadError } from '../../../components/load-error';
import { useInvite } from '../api';
import { InvitedUsers } from '../components/invited-users';

/** One invitation's users: all of them, or those awaiting approval. */
export function InviteUsersPage({ pendingOnly }: { pendingOnly: boolean }) {
  const { t } = useTranslation();
  const { inviteId = '' } = useParams();
  const { data, error, mutate } = useInvite(inviteId);

  return (
    <Stack gap="lg" maw={1200}>
      <Anchor component={Link} to="/admin/invite" size="sm">
        ← {t('invites:form.back')}
      </Anchor>
      {error ? (
        <LoadError title={t('invites:users.loadError')} error={error} onRetry={() => void mutate()} />
      ) : !data ? (
        <Skeleton h={36} w="40%" />
      ) : (
        <>
          <Title order={1} size="h2">
            {t(pendingOnly ? 'invites:users.pendingTitle' : 'invites:users.invitedTitle', { title: data.title })}
          </Title>
          <InvitedUsers inviteId={inviteId} pendingOnly={pendingOnly} />
        </>
      )}
    </Stack>
  );
}
