import { Badge, Group, Paper, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';
import type { MemberNewsItem } from '../../../../../shared/api/calls/news';
import { CursorPager, useCursorPages } from '../../../components/cursor-pager';
import { LoadError } from '../../../components/load-error';
import { formatDateTime } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { markNewsRead, useMemberNews } from '../api';

function NewsEntry({ news, onOpened }: { news: MemberNewsItem; onOpened: (newsId: string) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const toggle = () => {
    setOpen((o) => !o);
    if (!open && news.unread) onOpened(news.newsId);
  };
  const contentId = `news-${news.newsId}`;
  return (
    <Paper withBorder radius="md" p="md" component="article" data-unread={news.unread || undefined}>
      <UnstyledButton onClick={toggle} aria-expanded={open} aria-controls={contentId} w="100%">
        <Group gap="xs" wrap="nowrap" align="flex-start">
          {open ? <IconChevronDown size={18} aria-hidden /> : <IconChevronRight size={18} aria-hidden />}
          <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
            <Group gap="xs" wrap="wrap">
              {news.unread && (
                <Badge color="red" size="sm" variant="filled">
                  {t('news:member.unread')}
                </Badge>
              )}
              <Text fw={news.unread ? 700 : 500} style={{ overflowWrap: 'anywhere' }}>
                {news.title}
              </Text>
            </Group>
            <Text size="xs" c="dimmed">
              {formatDateTime(news.createdAt)}
            </Text>
          </Stack>
        </Group>
      </UnstyledButton>
      {open && (
        <Text id={contentId} mt="sm" size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {news.content}
        </Text>
      )}
    </Paper>
  );
}

/** The member's news, newest first; opening an unread one marks it read (the mark goes at once, the server follows). */
export function MemberNewsList() {
  const { t } = useTranslation();
  const pages = useCursorPages();
  const { data, error, mutate } = useMemberNews(pages.cursor);

  const opened = (newsId: string) => {
    if (!data) return;
    const read = { ...data, items: data.items.map((n) => (n.newsId === newsId ? { ...n, unread: false } : n)) };
    // A failed mark only leaves the item unread; the list is asked again then.
    void mutate(
      markNewsRead(newsId).then(() => read),
      { optimisticData: read, rollbackOnError: true, revalidate: false },
    ).catch(() => void mutate());
  };

  if (error && !data) return <LoadError title={t('news:member.loadError')} error={error} onRetry={() => void mutate()} />;
  if (!data) return <Skeleton h={120} role="status" aria-label={t('common:loading')} />;
  if (!data.items.length && pages.pageNumber === 1) return <Text c="dimmed">{t('news:member.empty')}</Text>;
  return (
    <Stack gap="sm">
      {data.items.map((n) => (
        <NewsEntry key={n.newsId} news={n} onOpened={opened} />
      ))}
      <CursorPager pages={pages} nextCursor={data.nextCursor} />
    </Stack>
  );
}
