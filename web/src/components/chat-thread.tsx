import { Box, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import type { ChatMessage, ChatMessagePage, ChatSide } from '../../../shared/api/calls/chat';
import { CHAT_MESSAGE_MAX_LENGTH } from '../../../shared/constants';
import { checkChatMessage } from '../../../shared/rules/chat';
import { characterCount } from '../../../shared/rules/text';
import { errorMessage, useTranslation } from '../lib/i18n';
import { toast } from '../lib/toast';
import { MessageComposer } from './message-composer';
import { RelativeTime } from './relative-time';

/** How often a chat page asks for new messages while it is visible (the local and fallback path; see docs/decisions/10-engagement.md). */
export const CHAT_POLL_MS = 3000;

const wrap = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } as const;

/**
 * A conversation's messages, oldest at the top, the reader's own on the right. `newest` is the polled first page
 * (newest first); "older messages" pages back with its cursor and keeps what it loaded. Text is rendered as text.
 */
export function ChatThread({
  conversationId,
  newest,
  reader,
  loadOlder,
}: {
  conversationId: string;
  newest: ChatMessagePage;
  reader: ChatSide;
  loadOlder(cursor: string): Promise<ChatMessagePage>;
}) {
  const { t } = useTranslation();
  const [older, setOlder] = useState<{ conversationId: string; items: ChatMessage[]; nextCursor?: string } | undefined>();
  const [loading, setLoading] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const kept = older?.conversationId === conversationId ? older : undefined;

  const seen = new Set(newest.items.map((m) => m.messageId));
  const messages = [...newest.items, ...(kept?.items ?? []).filter((m) => !seen.has(m.messageId))].reverse();
  const olderCursor = kept ? kept.nextCursor : newest.nextCursor;
  const lastId = newest.items[0]?.messageId;

  // A new message (or another conversation) scrolls to the bottom, where the newest is.
  useEffect(() => {
    if (box.current) box.current.scrollTop = box.current.scrollHeight;
  }, [lastId, conversationId]);

  const more = async () => {
    if (!olderCursor) return;
    setLoading(true);
    try {
      const page = await loadOlder(olderCursor);
      setOlder({ conversationId, items: [...(kept?.items ?? []), ...page.items], nextCursor: page.nextCursor });
    } catch (e) {
      toast.error(errorMessage(e));
    } finally {
      setLoading(false);
    }
  };

  return (
    <Box ref={box} mah="60vh" style={{ overflowY: 'auto' }} role="log" aria-live="polite" aria-label={t('chat:thread.label')}>
      <Stack gap="xs" p="xs">
        {olderCursor && (
          <Group justify="center">
            <Button variant="subtle" size="xs" loading={loading} onClick={() => void more()}>
              {t('chat:thread.older')}
            </Button>
          </Group>
        )}
        {messages.length === 0 && (
          <Text size="sm" c="dimmed" ta="center">
            {t('chat:thread.empty')}
          </Text>
        )}
        {messages.map((m) => {
          const own = m.from === reader;
          return (
            <Paper
              key={m.messageId}
              data-from={m.from}
              radius="md"
              p="sm"
              maw="85%"
              ml={own ? 'auto' : undefined}
              bg={own ? 'var(--mantine-color-blue-0)' : 'var(--mantine-color-gray-0)'}
              withBorder
            >
              <Text size="xs" c="dimmed">
                {m.authorName || t(`chat:from.${m.from}`)} · <RelativeTime iso={m.createdAt} />
              </Text>
              <Text size="sm" style={wrap}>
                {m.body}
              </Text>
            </Paper>
          );
        })}
      </Stack>
    </Box>
  );
}

/** The message form: checks the text as the server does, sends, and clears itself on success. */
export function ChatComposer({ onSend }: { onSend(body: string): Promise<unknown> }) {
  const { t } = useTranslation();
  return (
    <MessageComposer
      check={(body) => {
        const problem = checkChatMessage(body);
        return problem === 'validation/required' ? 'chat/message_required' : problem;
      }}
      onSend={onSend}
      fieldErrorOf={(e) => (e.code === 'chat/message_required' ? e.code : e.fields.body)}
      label={t('chat:composer.label')}
      placeholder={t('chat:composer.placeholder')}
      description={(body) => t('chat:composer.count', { count: characterCount(body), max: CHAT_MESSAGE_MAX_LENGTH })}
      submitLabel={t('chat:composer.send')}
      minRows={2}
      maxRows={8}
    />
  );
}
