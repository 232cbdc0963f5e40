import { Alert, Paper, Skeleton, Stack, Title } from '@mantine/core';
import { useEffect } from 'react';
import { ChatComposer, ChatThread } from '../../../components/chat-thread';
import { LoadError } from '../../../components/load-error';
import { ApiError } from '../../../lib/api-error';
import { errorMessage, useTranslation } from '../../../lib/i18n';
import { olderChatMessages, sendChatMessage, useChatMessages } from '../api';

/** SPEC §2 /admin/chat?conversationId=: one member's conversation, read (which marks it read) and answered. */
export function ChatConversation({ conversationId, onChanged }: { conversationId: string; onChanged: () => void }) {
  const { t } = useTranslation();
  const { data, error, mutate } = useChatMessages(conversationId);
  const loaded = data !== undefined;

  // Opening marked the member's messages read: the inbox's unread mark goes at once rather than at its next poll.
  useEffect(() => {
    if (loaded) onChanged();
  }, [loaded, conversationId, onChanged]);

  if (error && !data) {
    if (error instanceof ApiError && error.status === 404) return <Alert color="gray">{errorMessage(error)}</Alert>;
    return <LoadError title={t('chat:admin.loadError')} error={error} onRetry={() => void mutate()} />;
  }
  if (!data) return <Skeleton h={240} role="status" aria-label={t('common:loading')} />;
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        {t('chat:admin.with', { name: data.conversation.memberName })}
      </Title>
      <Paper withBorder radius="md">
        <ChatThread conversationId={conversationId} newest={data} reader="admin" loadOlder={(cursor) => olderChatMessages(conversationId, cursor)} />
      </Paper>
      {data.conversation.memberChatEnabled ? (
        <ChatComposer
          onSend={async (body) => {
            await sendChatMessage(conversationId, body);
            await mutate();
            onChanged();
          }}
        />
      ) : (
        <Alert color="gray" variant="light" role="status">
          {errorMessage('chat/disabled_by_user')}
        </Alert>
      )}
    </Stack>
  );
}
