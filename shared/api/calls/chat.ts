import * as z from 'zod/mini';
import { callsOf } from '../define';
import { idSchema } from '../ids';
import { pageInput, type Page } from '../page';
import { chatMessageBodySchema } from '../../rules/chat';
import { invalidValue } from '../../rules/issues';

const membersCall = callsOf('members');

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
export const chatListCall = membersCall<typeof chatListInput, Page<AdminConversation>>()('/chat/list', permission, chatListInput);

export const chatStartInput = z.object({ userId: idSchema }, invalidValue);
/**
 * An administrator opens (or finds) the conversation with a member. An unknown id is `common/no_user`; a person who
 * cannot receive messages (an administrator, a disabled or cancelled member) is `chat/direct_message_failed`.
 */
export const chatStartCall = membersCall<typeof chatStartInput, { conversation: AdminConversation }>()('/chat/start', permission, chatStartInput);

/** SPEC §2 /admin/chat?conversationId=: the conversation and its newest messages; marks the member's messages read. */
export const chatMessagesCall = membersCall<typeof conversationInput, ChatMessagePage & { conversation: AdminConversation }>()('/chat/messages', permission, conversationInput);

/** An administrator writes to the member; refused while the site setting or the member's own switch is off. */
export const chatSendCall = membersCall<typeof sendInput, { message: ChatMessage }>()('/chat/send', permission, sendInput);

/** SPEC §2 /user/:teamId/chat: the caller's conversation (if any) and whether chat is on. */
export const memberChatGetCall = membersCall<typeof emptyInput, MemberChatState>()('/member_chat/get', 'member', emptyInput);

/** The member starts their conversation with the administrators (answers the existing one if they have it). */
export const memberChatStartCall = membersCall<typeof emptyInput, { conversation: MemberConversation }>()('/member_chat/start', 'member', emptyInput);

/** The caller's conversation's newest messages (another member's conversation is 404); marks the replies read. */
export const memberChatMessagesCall = membersCall<typeof conversationInput, ChatMessagePage & { conversation: MemberConversation }>()('/member_chat/messages', 'member', conversationInput);

/** The member writes to the administrators. */
export const memberChatSendCall = membersCall<typeof sendInput, { message: ChatMessage }>()('/member_chat/send', 'member', sendInput);

export const memberChatSettingInput = z.object({ memberChatEnabled: z.boolean(invalidValue) }, invalidValue);
/** The member's own chat switch (on the chat page): off, administrators cannot write to them. */
export const memberChatSettingCall = membersCall<typeof memberChatSettingInput, { conversation: MemberConversation }>()('/member_chat/setting', 'member', memberChatSettingInput);
