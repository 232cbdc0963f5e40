import useSWR from 'swr';
import { chatListCall, chatMessagesCall, chatSendCall, chatStartCall } from '../../../../shared/api/calls/chat';
import { CHAT_POLL_MS } from '../../components/chat-thread';
import { callApi } from '../../lib/api';
import { teamScoped } from '../../lib/team-session';

/** The inbox, newest activity first; polled while visible so a new message moves its conversation up. */
export function useChatInbox(cursor: string | undefined) {
  return useSWR(teamScoped(chatListCall.path, cursor ?? ''), () => callApi(chatListCall, { cursor, limit: 20 }), {
    keepPreviousData: true,
    refreshInterval: CHAT_POLL_MS,
  });
}

/** One conversation's newest messages, polled while the page is visible; opening it marks the member's messages read. */
export function useChatMessages(conversationId: string | undefined) {
  return useSWR(
    conversationId ? teamScoped(chatMessagesCall.path, conversationId) : null,
    () => callApi(chatMessagesCall, { conversationId: conversationId!, limit: 30 }),
    { refreshInterval: CHAT_POLL_MS, shouldRetryOnError: false },
  );
}

export const olderChatMessages = (conversationId: string, cursor: string) => callApi(chatMessagesCall, { conversationId, cursor, limit: 30 });
export const sendChatMessage = (conversationId: string, body: string) => callApi(chatSendCall, { conversationId, body });
export const startChat = (userId: string) => callApi(chatStartCall, { userId });
