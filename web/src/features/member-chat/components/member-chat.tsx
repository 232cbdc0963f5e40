import { Alert, Button, Paper, Skeleton, Stack, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ChatComposer, ChatThread } from '../../../components/chat-thread';
import { LoadError } from '../../../components/load-error';
import { ApiError } from '../../../lib/api-error';
import { errorMessage, useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { olderMemberMessages, sendMemberMessage, setMemberChatEnabled, startMemberChat, useMemberChat, useMemberMessages } from '../api';

/** The conversation's messages (polled) and, while the site allows chat, the form. */
function Conversation({ conversationId, chatEnabled, onWritten }: { conversationId: string; chatEnabled: boolean; onWritten: () => void }) {
  const { t } = useTranslation();
  const { data, error, mutate } = useMemberMessages(conversationId);

  if (error && !data) {
    // Another member's or an unknown conversation: not found, nothing more.
    if (error instanceof ApiError && error.status === 404) return <Alert color="gray">{errorMessage(error)}</Alert>;
    return <LoadError title={t('chat:member.loadError')} error={error} onRetry={() => void mutate()} />;
  }
  if (!data) return <Skeleton h={200} role="status" aria-label={t('common:loading')} />;
  return (
    <Stack gap="sm">
      <Paper withBorder radius="md">
        <ChatThread conversationId={conversationId} newest={data} reader="member" loadOlder={(cursor) => olderMemberMessages(conversationId, cursor)} />
      </Paper>
      {chatEnabled ? (
        <ChatComposer
          onSend={async (body) => {
            try {
              await sendMemberMessage(conversationId, body);
            } catch (e) {
              // The site setting may have just been turned off: the page says so and the form goes.
              if (e instanceof ApiError && e.code === 'chat/disabled_by_admin') onWritten();
              throw e;
            }
            await mutate();
            onWritten();
          }}
        />
      ) : (
        <Alert color="gray" variant="light" role="status">
          {errorMessage('chat/disabled_by_admin')}
        </Alert>
      )}
    </Stack>
  );
}

/** SPEC §2 /user/:teamId/chat: the member's conversation with the team's administrators and their own chat switch. */
export function MemberChat() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const { data, error, mutate } = useMemberChat();
  const [busy, setBusy] = useState(false);

  if (error && !data) return <LoadError title={t('chat:member.loadError')} error={error} onRetry={() => void mutate()} />;
  if (!data) return <Skeleton h={200} role="status" aria-label={t('common:loading')} />;

  const own = data.conversation;
  const conversationId = search.get('conversationId') ?? own?.conversationId;

  const start = async () => {
    setBusy(true);
    try {
      const { conversation } = await startMemberChat();
      await mutate();
      setSearch({ conversationId: conversation.conversationId }, { replace: true });
    } catch (e) {
      toast.error(errorMessage(e));
      await mutate();
    } finally {
      setBusy(false);
    }
  };

  const toggle = async (enabled: boolean) => {
    setBusy(true);
    try {
      await setMemberChatEnabled(enabled);
      await mutate();
    } catch (e) {
      toast.error(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="md">
      <Switch
        checked={own?.memberChatEnabled ?? true}
        disabled={busy}
        onChange={(e) => void toggle(e.currentTarget.checked)}
        label={t('chat:member.receive')}
        description={t('chat:member.receiveHelp')}
      />
      {conversationId ? (
        <Conversation conversationId={conversationId} chatEnabled={data.chatEnabled} onWritten={() => void mutate()} />
      ) : data.chatEnabled ? (
        <Stack gap="xs" align="flex-start">
          <Text c="dimmed">{t('chat:member.none')}</Text>
          <Button loading={busy} onClick={() => void start()}>
            {t('chat:member.start')}
          </Button>
        </Stack>
      ) : (
        <Alert color="gray" variant="light" role="status">
          {errorMessage('chat/disabled_by_admin')}
        </Alert>
      )}
    </Stack>
  );
}
