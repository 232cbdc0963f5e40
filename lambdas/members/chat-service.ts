import { ulid } from 'ulid';
import {
  type AdminConversation,
  type ChatMessage,
  type ChatMessagePage,
  type ChatSide,
  type MemberChatState,
  type MemberConversation,
} from '../../shared/api/calls/chat';
import { isBlankMessage } from '../../shared/rules/chat';
import type { Page } from '../../shared/api/page';
import { AppError } from '../core/http/app-error';
import { ConditionFailedError } from '../platform/db';
import { getSiteSettings } from '../core/entities/site-settings';
import { getTeamUser, isActiveMember } from '../core/entities/team-user';
import {
  conversationIdOf,
  getConversation,
  listConversations,
  listMessages,
  markConversationRead,
  putMessage,
  putNewConversation,
  setMemberChatEnabled,
  type StoredConversation,
} from './chat';

/** Who is calling: their id and name in the team. */
export interface ChatCaller {
  userId: string;
  name: string;
}

const forMember = (c: StoredConversation): MemberConversation => ({
  conversationId: c.conversationId,
  unread: c.memberUnread,
  lastMessageAt: c.lastMessageAt,
  memberChatEnabled: c.memberChatEnabled,
});

const forAdmin = (c: StoredConversation): AdminConversation => ({
  conversationId: c.conversationId,
  userId: c.userId,
  memberName: c.memberName,
  unread: c.adminUnread,
  lastMessageAt: c.lastMessageAt,
  lastMessagePreview: c.lastMessagePreview,
  memberChatEnabled: c.memberChatEnabled,
});

async function chatEnabled(teamId: string): Promise<boolean> {
  return (await getSiteSettings(teamId)).chatEnabled;
}

/** Writing needs the site setting on (SPEC §8 chat disabled by the administrator). */
async function assertChatEnabled(teamId: string): Promise<void> {
  if (!(await chatEnabled(teamId))) throw new AppError('chat/disabled_by_admin');
}

/** SPEC §8 "message required": a blank message names `body`. */
function messageBody(body: string): string {
  if (isBlankMessage(body)) throw new AppError('chat/message_required', { body: 'validation/required' });
  return body;
}

/** The member's conversation, or undefined; consistent reads, so a conversation just started is found. */
async function memberConversation(teamId: string, userId: string): Promise<StoredConversation | undefined> {
  const id = await conversationIdOf(teamId, userId);
  return id ? getConversation(teamId, id) : undefined;
}

/** The conversation with `member`, started when they have none (two starts at once end with the same one). */
async function ensureConversation(teamId: string, member: ChatCaller, now: Date): Promise<StoredConversation> {
  const existing = await memberConversation(teamId, member.userId);
  if (existing) return existing;
  const conversation: StoredConversation = {
    conversationId: ulid(now.getTime()),
    userId: member.userId,
    memberName: member.name,
    memberChatEnabled: true,
    memberUnread: 0,
    adminUnread: 0,
    lastMessagePreview: '',
    createdAt: now.toISOString(),
  };
  try {
    await putNewConversation(teamId, conversation);
    return conversation;
  } catch (e) {
    if (!(e instanceof ConditionFailedError)) throw e;
    const winner = await memberConversation(teamId, member.userId);
    if (!winner) throw e;
    return winner;
  }
}

/** The caller's own conversation with this id; any other id (another member's, another team's, none) is 404. */
async function ownConversation(teamId: string, member: ChatCaller, conversationId: string): Promise<StoredConversation> {
  const conversation = await getConversation(teamId, conversationId);
  if (!conversation || conversation.userId !== member.userId) throw new AppError('common/not_found');
  return conversation;
}

async function teamConversation(teamId: string, conversationId: string): Promise<StoredConversation> {
  const conversation = await getConversation(teamId, conversationId);
  if (!conversation) throw new AppError('common/not_found');
  return conversation;
}

async function write(teamId: string, conversation: StoredConversation, from: ChatSide, author: ChatCaller, body: string, now: Date): Promise<ChatMessage> {
  const message: ChatMessage = { messageId: ulid(now.getTime()), from, authorName: author.name, body: messageBody(body), createdAt: now.toISOString() };
  await assertChatEnabled(teamId);
  if (from === 'admin' && !conversation.memberChatEnabled) throw new AppError('chat/disabled_by_user');
  try {
    await putMessage(teamId, conversation.conversationId, author.userId, message);
  } catch (e) {
    if (!(e instanceof ConditionFailedError)) throw e;
    // The member turned their switch off between the read and the write.
    throw new AppError('chat/disabled_by_user');
  }
  return message;
}

/** Reads a page of messages; the first page marks the reader's side read (only when something was unread). */
async function readMessages(
  teamId: string,
  conversation: StoredConversation,
  side: ChatSide,
  opts: { cursor?: string; limit: number },
): Promise<{ page: ChatMessagePage; conversation: StoredConversation }> {
  const page = await listMessages(teamId, conversation.conversationId, opts);
  const unread = side === 'member' ? conversation.memberUnread : conversation.adminUnread;
  if (!opts.cursor && unread > 0) {
    await markConversationRead(teamId, conversation.conversationId, side);
    return { page, conversation: side === 'member' ? { ...conversation, memberUnread: 0 } : { ...conversation, adminUnread: 0 } };
  }
  return { page, conversation };
}

// --- the member's side ---

export async function memberChatState(teamId: string, member: ChatCaller): Promise<MemberChatState> {
  const [conversation, enabled] = await Promise.all([memberConversation(teamId, member.userId), chatEnabled(teamId)]);
  return { conversation: conversation ? forMember(conversation) : null, chatEnabled: enabled };
}

export async function startMemberConversation(teamId: string, member: ChatCaller, now = new Date()): Promise<MemberConversation> {
  await assertChatEnabled(teamId);
  return forMember(await ensureConversation(teamId, member, now));
}

export async function memberMessages(
  teamId: string,
  member: ChatCaller,
  conversationId: string,
  opts: { cursor?: string; limit: number },
): Promise<ChatMessagePage & { conversation: MemberConversation }> {
  const read = await readMessages(teamId, await ownConversation(teamId, member, conversationId), 'member', opts);
  return { ...read.page, conversation: forMember(read.conversation) };
}

export async function sendMemberMessage(teamId: string, member: ChatCaller, conversationId: string, body: string, now = new Date()): Promise<ChatMessage> {
  return write(teamId, await ownConversation(teamId, member, conversationId), 'member', member, body, now);
}

/** The member's own switch; turning it off before any message starts the conversation that holds it. */
export async function setMemberChat(teamId: string, member: ChatCaller, enabled: boolean, now = new Date()): Promise<MemberConversation> {
  const conversation = await ensureConversation(teamId, member, now);
  return forMember(await setMemberChatEnabled(teamId, conversation.conversationId, enabled));
}

// --- the administrators' side ---

export async function listInbox(teamId: string, opts: { cursor?: string; limit: number }): Promise<Page<AdminConversation>> {
  const page = await listConversations(teamId, opts);
  return { items: page.items.map(forAdmin), nextCursor: page.nextCursor };
}

export async function startAdminConversation(teamId: string, userId: string, now = new Date()): Promise<AdminConversation> {
  await assertChatEnabled(teamId);
  const user = await getTeamUser(teamId, userId, true);
  if (!user) throw new AppError('common/no_user');
  if (!isActiveMember(user, now)) throw new AppError('chat/direct_message_failed');
  return forAdmin(await ensureConversation(teamId, { userId: user.userId, name: user.name }, now));
}

export async function adminMessages(
  teamId: string,
  conversationId: string,
  opts: { cursor?: string; limit: number },
): Promise<ChatMessagePage & { conversation: AdminConversation }> {
  const read = await readMessages(teamId, await teamConversation(teamId, conversationId), 'admin', opts);
  return { ...read.page, conversation: forAdmin(read.conversation) };
}

export async function sendAdminMessage(teamId: string, admin: ChatCaller, conversationId: string, body: string, now = new Date()): Promise<ChatMessage> {
  return write(teamId, await teamConversation(teamId, conversationId), 'admin', admin, body, now);
}
