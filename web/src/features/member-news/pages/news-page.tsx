import { Stack, Title } from '@mantine/core';
import { MemberNewsList } from '../components/news-list';
import { useTranslation } from '../../../lib/i18n';

/** SPEC §2 /user/:teamId/news: news for every member and for the member's groups, with unread marks. */
function NewsPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="md" maw={800}>
      <Title order={1} size="h2">
        {t('news:member.title')}
      </Title>
      <MemberNewsList />
    </Stack>
  );
}

export { NewsPage as Component };
