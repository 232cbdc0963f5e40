import { Stack, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { ReplyNotices } from '../components/reply-notices';
import { useTranslation } from '../../../lib/i18n';

/** The member's notices: the administrators' replies to their comments, each leading to the page commented on. */
function NotificationPage() {
  const { t } = useTranslation();
  const { teamId = '' } = useParams();
  return (
    <Stack gap="md" maw={800}>
      <Title order={1} size="h2">
        {t('notices:member.title')}
      </Title>
      <ReplyNotices base={`/user/${encodeURIComponent(teamId)}`} />
    </Stack>
  );
}

export { NotificationPage as Component };
