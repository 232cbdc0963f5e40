import useSWR from 'swr';
import type {
  memberChatGetCall,
  memberChatMessagesCall,
  memberChatSendCall,
  memberChatSettingCall,
  memberChatStartCall,
} from '../../../../shared/api/calls/chat';
import { CHAT_POLL_MS } from '../../components/chat-thread';
import { callApi, callRef } from '../../lib/api';
import { teamScoped } from '../../lib/team-session';

/** References only: member pages load no zod declarations. */
const calls = {
  get: callRef<typeof memberChatGetCall>('/member_chat/get', 'member'),
  start: callRef<typeof memberChatStartCall>('/member_chat/start', 'member'),
  messages: callRef<typeof memberChatMessagesCall>('/member_chat/messages', 'member'),
  send: callRef<typeof memberChatSendCall>('/member_chat/send', 'member'),
  setting: callRef<typeof memberChatSettingCall>('/member_chat/setting', 'member'),
};

/** The member's conversation (if any) and whether chat is on; polled too, so turning the site setting off shows. */
export function useMemberChat() {
  return useSWR(teamScoped(calls.get.path), () => callApi(calls.get, {}), { refreshInterval: CHAT_POLL_MS });
}

/**
 * The newest messages, asked again every few seconds while the page is visible (SWR does not poll hidden pages):
 * the local and fallback path for new messages (docs/decisions/10-engagement.md).
 */
export function useMemberMessages(conversationId: string | undefined) {
  return useSWR(
    conversationId ? teamScoped(calls.messages.path, conversationId) : null,
    () => callApi(calls.messages, { conversationId: conversationId!, limit: 30 }),
    { refreshInterval: CHAT_POLL_MS, shouldRetryOnError: false },
  );
}

export const olderMemberMessages = (conversationId: string, cursor: string) => callApi(calls.messages, { conversationId, cursor, limit: 30 });
export const startMemberChat = () => callApi(calls.start, {});
export const sendMemberMessage = (conversationId: string, body: string) => callApi(calls.send, { conversationId, body });
export const setMemberChatEnabled = (memberChatEnabled: boolean) => callApi(calls.setting, { memberChatEnabled });
