import {
  chatListCall,
  chatMessagesCall,
  chatSendCall,
  chatStartCall,
  memberChatGetCall,
  memberChatMessagesCall,
  memberChatSendCall,
  memberChatSettingCall,
  memberChatStartCall,
} from '../../shared/api/calls/chat';
import { implement, teamOf, type CallContext } from '../core/http/implement';
import {
  adminMessages,
  listInbox,
  memberChatState,
  memberMessages,
  sendAdminMessage,
  sendMemberMessage,
  setMemberChat,
  startAdminConversation,
  startMemberConversation,
} from './chat-service';

const callerOf = (ctx: CallContext) => {
  const team = teamOf(ctx);
  return { teamId: team.teamId, caller: { userId: team.userId, name: team.user.name } };
};

/** SPEC §2 /admin/chat and /user/:teamId/chat. */
export const chatCalls = [
  implement(chatListCall, async ({ cursor, limit }, ctx) => listInbox(teamOf(ctx).teamId, { cursor, limit })),
  implement(chatStartCall, async ({ userId }, ctx) => ({ conversation: await startAdminConversation(teamOf(ctx).teamId, userId) })),
  implement(chatMessagesCall, async ({ conversationId, cursor, limit }, ctx) => adminMessages(teamOf(ctx).teamId, conversationId, { cursor, limit })),
  implement(chatSendCall, async ({ conversationId, body }, ctx) => {
    const { teamId, caller } = callerOf(ctx);
    return { message: await sendAdminMessage(teamId, caller, conversationId, body) };
  }),
  implement(memberChatGetCall, async (_input, ctx) => {
    const { teamId, caller } = callerOf(ctx);
    return memberChatState(teamId, caller);
  }),
  implement(memberChatStartCall, async (_input, ctx) => {
    const { teamId, caller } = callerOf(ctx);
    return { conversation: await startMemberConversation(teamId, caller) };
  }),
  implement(memberChatMessagesCall, async ({ conversationId, cursor, limit }, ctx) => {
    const { teamId, caller } = callerOf(ctx);
    return memberMessages(teamId, caller, conversationId, { cursor, limit });
  }),
  implement(memberChatSendCall, async ({ conversationId, body }, ctx) => {
    const { teamId, caller } = callerOf(ctx);
    return { message: await sendMemberMessage(teamId, caller, conversationId, body) };
  }),
  implement(memberChatSettingCall, async ({ memberChatEnabled }, ctx) => {
    const { teamId, caller } = callerOf(ctx);
    return { conversation: await setMemberChat(teamId, caller, memberChatEnabled) };
  }),
];
