import { Anchor, Box, Stack, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useCallback, useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useSWRConfig } from 'swr';
import { chatListCall } from '../../../../../shared/api/calls/chat';
import { useCursorPages } from '../../../components/cursor-pager';
import { startChat } from '../api';
import { ChatConversation } from '../components/chat-conversation';
import { ChatInbox } from '../components/chat-inbox';
import { errorMessage, useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';

/** SPEC §2 /admin/chat: the inbox beside the open conversation (one above the other on a phone). */
function ChatPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const pages = useCursorPages();
  const { mutate } = useSWRConfig();
  const wide = useMediaQuery('(min-width: 62em)', true);
  const conversationId = search.get('conversationId') ?? undefined;
  const userId = search.get('userId');

  const refreshInbox = useCallback(() => void mutate((key) => Array.isArray(key) && key[0] === chatListCall.path), [mutate]);

  // ?userId= opens (or finds) the conversation with that member: the way other admin pages start a direct message.
  useEffect(() => {
    if (!userId) return;
    startChat(userId)
      .then(({ conversation }) => setSearch({ conversationId: conversation.conversationId }, { replace: true }))
      .catch((e: unknown) => {
        toast.error(errorMessage(e));
        setSearch({}, { replace: true });
      });
  }, [userId, setSearch]);

  const inbox = <ChatInbox pages={pages} selectedId={conversationId} onOpen={(id) => setSearch({ conversationId: id })} />;
  const conversation = conversationId && <ChatConversation conversationId={conversationId} onChanged={refreshInbox} />;

  return (
    <Stack gap="lg" maw={1100}>
      <Title order={1} size="h2">
        {t('chat:inbox.title')}
      </Title>
      {wide ? (
        <Box style={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 2fr)', gap: 'var(--mantine-spacing-md)', alignItems: 'start' }}>
          {inbox}
          <div>{conversation}</div>
        </Box>
      ) : conversation ? (
        <Stack gap="sm">
          <Anchor component="button" type="button" onClick={() => setSearch({})} ta="left">
            {t('chat:admin.back')}
          </Anchor>
          {conversation}
        </Stack>
      ) : (
        inbox
      )}
    </Stack>
  );
}

export { ChatPage as Component };
