import type { ChatMessage, ChatSide } from '../../shared/api/calls/chat';
import type { Page } from '../../shared/api/page';
import { newestFirstPage, queryPage } from '../core/http/cursor';
import { getItem, transact, updateItem, type Item } from '../platform/db';
import { assertId, teamKey } from '../platform/keys';

/**
 * Chat between a member and the team's administrators (SPEC §2 chat). Entity module: the only code that knows these keys.
 *   conversation   pk T#<t>#CHAT  sk C#<conversationId>
 *                  gsi1 T#<t>#CHATS / <lastMessageAt>#<conversationId>   the inbox, newest activity first; set by the
 *                  first message (sparse: a conversation nobody wrote in yet is not in the inbox)
 *   member's one   pk T#<t>#CHAT  sk U#<userId>   -> conversationId; put with the conversation in one transaction,
 *                  conditioned on not existing, so a member has one conversation however many tabs start it
 *   message        pk T#<t>#CHATMSG#<conversationId>  sk M#<messageId (ULID)>   a page = one Query, newest first
 * Unread counts live on the conversation, one per side; a message and the count it raises are one transaction.
 */
export interface StoredConversation {
  conversationId: string;
  userId: string;
  /** The member's name when the conversation was started or last written in by them. */
  memberName: string;
  /** The member's own switch; off, administrators cannot write to them. */
  memberChatEnabled: boolean;
  /** Messages of the administrators the member has not read, and of the member no administrator has read. */
  memberUnread: number;
  adminUnread: number;
  lastMessageAt?: string;
  lastMessagePreview: string;
  createdAt: string;
}

type ConversationRecord = Item & StoredConversation & { gsi1pk?: string; gsi1sk?: string };
type MessageRecord = Item & ChatMessage & { userId: string };

/** How much of the last message the inbox row shows. */
const PREVIEW_LENGTH = 80;

const partition = (teamId: string) => teamKey(teamId, 'CHAT');
const inboxPartition = (teamId: string) => teamKey(teamId, 'CHATS');
const conversationKey = (teamId: string, conversationId: string) => ({ pk: partition(teamId), sk: `C#${assertId(conversationId, 'conversationId')}` });
const memberKey = (teamId: string, userId: string) => ({ pk: partition(teamId), sk: `U#${assertId(userId, 'userId')}` });
const messagePartition = (teamId: string, conversationId: string) => teamKey(teamId, 'CHATMSG', assertId(conversationId, 'conversationId'));

const fromRecord = ({ pk: _pk, sk: _sk, type: _type, gsi1pk: _a, gsi1sk: _b, ...c }: ConversationRecord): StoredConversation => c;
const messageOf = ({ messageId, from, authorName, body, createdAt }: MessageRecord): ChatMessage => ({ messageId, from, authorName, body, createdAt });

export async function getConversation(teamId: string, conversationId: string): Promise<StoredConversation | undefined> {
  const record = await getItem<ConversationRecord>(conversationKey(teamId, conversationId), true);
  return record && fromRecord(record);
}

/** The member's conversation id, if they have one. */
export async function conversationIdOf(teamId: string, userId: string): Promise<string | undefined> {
  const record = await getItem<Item & { conversationId: string }>(memberKey(teamId, userId), true);
  return record?.conversationId;
}

/** Writes a new conversation and the member's pointer to it; ConditionFailedError when the member has one already. */
export async function putNewConversation(teamId: string, c: StoredConversation): Promise<void> {
  await transact([
    { put: { ...memberKey(teamId, c.userId), type: 'chatMember', conversationId: c.conversationId }, ifNotExists: true },
    { put: { ...conversationKey(teamId, c.conversationId), type: 'chatConversation', ...c }, ifNotExists: true },
  ]);
}

/**
 * Adds a message and raises the other side's unread count, in one transaction. An administrator's message is
 * conditioned on the member's switch being on (ConditionFailedError otherwise), so turning it off cannot race a reply.
 */
export async function putMessage(teamId: string, conversationId: string, userId: string, message: ChatMessage): Promise<void> {
  const toMember = message.from === 'admin';
  const unread: keyof StoredConversation = toMember ? 'memberUnread' : 'adminUnread';
  await transact([
    {
      put: { pk: messagePartition(teamId, conversationId), sk: `M#${message.messageId}`, type: 'chatMessage', userId, ...message },
      ifNotExists: true,
    },
    {
      update: {
        key: conversationKey(teamId, conversationId),
        set: {
          lastMessageAt: message.createdAt,
          lastMessagePreview: Array.from(message.body).slice(0, PREVIEW_LENGTH).join(''),
          gsi1pk: inboxPartition(teamId),
          gsi1sk: `${message.createdAt}#${conversationId}`,
          ...(toMember ? {} : { memberName: message.authorName }),
        },
        add: { [unread]: 1 },
        condition: toMember ? 'attribute_exists(pk) AND #enabled = :on' : 'attribute_exists(pk)',
        names: toMember ? { '#enabled': 'memberChatEnabled' } : undefined,
        values: toMember ? { ':on': true } : undefined,
      },
    },
  ]);
}

/** Sets the side's unread count to 0; only called when it is not already 0, so polling a read conversation writes nothing. */
export async function markConversationRead(teamId: string, conversationId: string, side: ChatSide): Promise<void> {
  await updateItem({
    key: conversationKey(teamId, conversationId),
    set: { [side === 'member' ? 'memberUnread' : 'adminUnread']: 0 },
    condition: 'attribute_exists(pk)',
  });
}

export async function setMemberChatEnabled(teamId: string, conversationId: string, enabled: boolean): Promise<StoredConversation> {
  const record = await updateItem<ConversationRecord>({
    key: conversationKey(teamId, conversationId),
    set: { memberChatEnabled: enabled },
    condition: 'attribute_exists(pk)',
  });
  return fromRecord(record);
}

/** The inbox: one Query a page on gsi1, newest activity first. */
export async function listConversations(teamId: string, opts: { cursor?: string; limit: number }): Promise<Page<StoredConversation>> {
  return newestFirstPage(teamId, inboxPartition(teamId), opts, fromRecord);
}

/** A conversation's messages: one Query a page, newest first; the cursor goes on to older ones. */
export async function listMessages(teamId: string, conversationId: string, opts: { cursor?: string; limit: number }): Promise<Page<ChatMessage>> {
  const pk = messagePartition(teamId, conversationId);
  return queryPage(teamId, {
    pk,
    ascending: false,
    limit: opts.limit,
    consistent: true,
    cursor: opts.cursor,
  }, messageOf);
}
