import { Anchor, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { CursorPager, useCursorPages } from '../../../components/cursor-pager';
import { LoadError } from '../../../components/load-error';
import { useTranslation } from '../../../lib/i18n';
import { useMemberNotices } from '../api';
import { RelativeTime } from '../../../components/relative-time';

/** SPEC §3 notification key videoReplyCommented, in-app: the administrators' replies to the member's comments, newest first. */
export function ReplyNotices({ base }: { base: string }) {
  const { t } = useTranslation();
  const pages = useCursorPages();
  const { data, error, isLoading, mutate } = useMemberNotices(pages.cursor);
  if (error) return <LoadError error={error} onRetry={() => void mutate()} />;
  if (isLoading || !data) return <Skeleton h={120} role="status" aria-label={t('common:loading')} />;
  if (data.items.length === 0) return <Text c="dimmed">{t('notices:member.empty')}</Text>;
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {data.items.map((n) => (
        <Paper key={n.notificationId} component="li" withBorder radius="md" p="md">
          <Stack gap={4}>
            <Text size="xs" c="dimmed">
              <RelativeTime iso={n.createdAt} />
            </Text>
            <Anchor component={Link} to={`${base}/${n.contentType}/${encodeURIComponent(n.contentId)}`} fw={600}>
              {t('notices:member.replied', { title: n.contentTitle })}
            </Anchor>
            <Text size="sm" lineClamp={4} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {n.reply}
            </Text>
          </Stack>
        </Paper>
      ))}
      <CursorPager pages={pages} nextCursor={data.nextCursor} />
    </Stack>
  );
}
