import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n';
import { Link } from 'react-router';
import { InvitedUsers } from '../components/invited-users';

/** SPEC §2 /admin/approval_pending_all_users: the whole team's approval queue, oldest first. */
function ApprovalPendingAllUsersPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg" maw={1200}>
      <Anchor component={Link} to="/admin/invite" size="sm">
        ← {t('invites:form.back')}
      </Anchor>
      <div>
        <Title order={1} size="h2">
          {t('invites:users.pendingAllTitle')}
        </Title>
        <Text c="dimmed" size="sm" mt={4}>
          {t('invites:users.pendingAllIntro')}
        </Text>
      </div>
      <InvitedUsers pendingOnly />
    </Stack>
  );
}

export { ApprovalPendingAllUsersPage as Component };
