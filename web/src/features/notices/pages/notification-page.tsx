import { Stack, Title } from '@mantine/core';
import { FeedbackNotices } from '../components/feedback-notices';
import { NoticeTabs } from '../components/notice-tabs';
import { useTranslation } from '../../../lib/i18n';

/** The in-app notices of members' feedback: comments and survey answers, newest first. */
function NotificationPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('notices:admin.title')}
      </Title>
      <NoticeTabs current="feedback" />
      <FeedbackNotices />
    </Stack>
  );
}

export { NotificationPage as Component };
