import { Badge, Group, Paper, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import type { AdminConversation } from '../../../../../shared/api/calls/chat';
import { CursorPager, type useCursorPages } from '../../../components/cursor-pager';
import { LoadError } from '../../../components/load-error';
import { useTranslation } from '../../../lib/i18n';
import { useChatInbox } from '../api';
import { RelativeTime } from '../../../components/relative-time';

function InboxRow({ conversation, selected, onOpen }: { conversation: AdminConversation; selected: boolean; onOpen: () => void }) {
  const { t } = useTranslation();
  const unread = conversation.unread > 0;
  return (
    <UnstyledButton onClick={onOpen} aria-current={selected || undefined} data-unread={unread || undefined} w="100%">
      <Paper withBorder radius="md" p="sm" bg={selected ? 'var(--mantine-color-blue-0)' : undefined}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text fw={unread ? 700 : 500} truncate>
            {conversation.memberName}
          </Text>
          {unread && (
            <Badge color="red" size="sm" variant="filled" style={{ flexShrink: 0 }}>
              {t('chat:inbox.unread', { count: conversation.unread })}
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed" lineClamp={1} style={{ overflowWrap: 'anywhere' }}>
          {conversation.lastMessagePreview}
        </Text>
        {conversation.lastMessageAt && (
          <Text size="xs" c="dimmed">
            <RelativeTime iso={conversation.lastMessageAt} />
          </Text>
        )}
      </Paper>
    </UnstyledButton>
  );
}

/** SPEC §2 /admin/chat: the team's conversations, newest activity first, unread ones marked; polled while visible. */
export function ChatInbox({ pages, selectedId, onOpen }: { pages: ReturnType<typeof useCursorPages>; selectedId?: string; onOpen: (conversationId: string) => void }) {
  const { t } = useTranslation();
  const { data, error, mutate } = useChatInbox(pages.cursor);
  if (error && !data) return <LoadError title={t('chat:inbox.loadError')} error={error} onRetry={() => void mutate()} />;
  if (!data) return <Skeleton h={200} role="status" aria-label={t('common:loading')} />;
  return (
    <Stack gap="xs" component="nav" aria-label={t('chat:inbox.title')}>
      {data.items.length === 0 && pages.pageNumber === 1 && <Text c="dimmed">{t('chat:inbox.empty')}</Text>}
      {data.items.map((c) => (
        <InboxRow key={c.conversationId} conversation={c} selected={c.conversationId === selectedId} onOpen={() => onOpen(c.conversationId)} />
      ))}
      <CursorPager pages={pages} nextCursor={data.nextCursor} />
    </Stack>
  );
}
