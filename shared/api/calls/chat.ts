import * as z from 'zod/mini';
import { defineCall } from '../define';
import { idSchema } from '../ids';
import { pageInput, type Page } from '../page';
import { chatMessageBodySchema } from '../../rules/chat';
import { invalidValue } from '../../rules/issues';

/** Who wrote a message: the member, or one of the team's administrators (who answer as one side). */
export type ChatSide = 'member' | 'admin';

/** One message of a conversation (SPEC §2 chat). Plain text: shown as text, never as HTML. */
export interface ChatMessage {
  messageId: string;
  from: ChatSide;
  /** The writer's name as it was when they wrote. */
  authorName: string;
  body: string;
  createdAt: string;
}

/** A member's one conversation with the team's administrators, as the member sees it. */
export interface MemberConversation {
  conversationId: string;
  /** Messages from the administrators the member has not read yet. */
  unread: number;
  lastMessageAt?: string;
  /** The member's own switch: off, administrators cannot write to them (`chat/disabled_by_user`). */
  memberChatEnabled: boolean;
}

/** A conversation in the administrators' inbox. */
export interface AdminConversation {
  conversationId: string;
  userId: string;
  memberName: string;
  /** Messages from the member no administrator has read yet. */
  unread: number;
  lastMessageAt?: string;
  /** The start of the last message, for the inbox row. */
  lastMessagePreview: string;
  memberChatEnabled: boolean;
}

/** The member's chat page: their conversation (none before they or an administrator start one) and the switches. */
export interface MemberChatState {
  conversation: MemberConversation | null;
  /** The site setting (SPEC §3 chat): off, nobody may write (`chat/disabled_by_admin`). */
  chatEnabled: boolean;
}

/** A page of messages, newest first (the page shows them oldest at the top); the cursor goes to older ones. */
export type ChatMessagePage = Page<ChatMessage>;

// SPEC §6: the operators who handle members (user managers) answer them; shared/permissions.ts maps `chat` the same way.
const permission = 'admin.users';
const conversationInput = z.object({ conversationId: idSchema, ...pageInput(30) }, invalidValue);
const sendInput = z.object({ conversationId: idSchema, body: chatMessageBodySchema }, invalidValue);
const emptyInput = z.object({}, invalidValue);

export const chatListInput = z.object(pageInput(), invalidValue);
/** SPEC §2 /admin/chat: the team's conversations, newest activity first, with the administrators' unread count. */
export const chatListCall = defineCall<typeof chatListInput, Page<AdminConversation>>()({
  path: '/chat/list',
  domain: 'members',
  permission,
  input: chatListInput,
});

export const chatStartInput = z.object({ userId: idSchema }, invalidValue);
/**
 * An administrator opens (or finds) the conversation with a member. An unknown id is `common/no_user`; a person who
 * cannot receive messages (an administrator, a disabled or cancelled member) is `chat/direct_message_failed`.
 */
export const chatStartCall = defineCall<typeof chatStartInput, { conversation: AdminConversation }>()({
  path: '/chat/start',
  domain: 'members',
  permission,
  input: chatStartInput,
});

/** SPEC §2 /admin/chat?conversationId=: the conversation and its newest messages; marks the member's messages read. */
export const chatMessagesCall = defineCall<typeof conversationInput, ChatMessagePage & { conversation: AdminConversation }>()({
  path: '/chat/messages',
  domain: 'members',
  permission,
  input: conversationInput,
});

/** An administrator writes to the member; refused while the site setting or the member's own switch is off. */
export const chatSendCall = defineCall<typeof sendInput, { message: ChatMessage }>()({
  path: '/chat/send',
  domain: 'members',
  permission,
  input: sendInput,
});

/** SPEC §2 /user/:teamId/chat: the caller's conversation (if any) and whether chat is on. */
export const memberChatGetCall = defineCall<typeof emptyInput, MemberChatState>()({
  path: '/member_chat/get',
  domain: 'members',
  permission: 'member',
  input: emptyInput,
});

/** The member starts their conversation with the administrators (answers the existing one if they have it). */
export const memberChatStartCall = defineCall<typeof emptyInput, { conversation: MemberConversation }>()({
  path: '/member_chat/start',
  domain: 'members',
  permission: 'member',
  input: emptyInput,
});

/** The caller's conversation's newest messages (another member's conversation is 404); marks the replies read. */
export const memberChatMessagesCall = defineCall<typeof conversationInput, ChatMessagePage & { conversation: MemberConversation }>()({
  path: '/member_chat/messages',
  domain: 'members',
  permission: 'member',
  input: conversationInput,
});

/** The member writes to the administrators. */
export const memberChatSendCall = defineCall<typeof sendInput, { message: ChatMessage }>()({
  path: '/member_chat/send',
  domain: 'members',
  permission: 'member',
  input: sendInput,
});

export const memberChatSettingInput = z.object({ memberChatEnabled: z.boolean(invalidValue) }, invalidValue);
/** The member's own chat switch (on the chat page): off, administrators cannot write to them. */
export const memberChatSettingCall = defineCall<typeof memberChatSettingInput, { conversation: MemberConversation }>()({
  path: '/member_chat/setting',
  domain: 'members',
  permission: 'member',
  input: memberChatSettingInput,
});
