import '../support/platform-env';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import * as chatCalls from '../../../shared/api/calls/chat';
import type { AdminConversation, ChatMessage, ChatMessagePage, MemberChatState, MemberConversation } from '../../../shared/api/calls/chat';
import { getSecuritySettingsCall, updateSecuritySettingsCall, type SecuritySettingsAnswer } from '../../../shared/api/calls/settings';
import type { Page } from '../../../shared/api/page';
import { CHAT_MESSAGE_MAX_LENGTH } from '../../../shared/constants';
import { errorCatalogue } from '../../../shared/errors';
import { getSiteSettings, putSiteSettings } from '../../../lambdas/core/entities/site-settings';
import { newAdmin, newOperator, newPerson, type Person } from '../members/fixtures';
import { call } from '../support/api';

let alpha: Person;
let beta: Person;
let member: Person;
let other: Person;
let betaMember: Person;

const setChat = async (teamId: string, chatEnabled: boolean) => putSiteSettings({ ...(await getSiteSettings(teamId)), chatEnabled });

const memberStart = async (who: Person) => {
  const res = await call(chatCalls.memberChatStartCall, who.ctx, who.token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body as { conversation: MemberConversation }).conversation;
};
const memberSend = async (who: Person, conversationId: string, body: string) => {
  const res = await call(chatCalls.memberChatSendCall, { ...who.ctx, conversationId, body }, who.token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body as { message: ChatMessage }).message;
};
const adminSend = async (who: Person, conversationId: string, body: string) => {
  const res = await call(chatCalls.chatSendCall, { ...who.ctx, conversationId, body }, who.token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body as { message: ChatMessage }).message;
};
const inbox = async (who: Person, extra: Record<string, unknown> = {}) => {
  const res = await call(chatCalls.chatListCall, { ...who.ctx, ...extra }, who.token);
  expect(res.status).toBe(200);
  return res.body as Page<AdminConversation>;
};
const memberRead = async (who: Person, conversationId: string) => {
  const res = await call(chatCalls.memberChatMessagesCall, { ...who.ctx, conversationId }, who.token);
  expect(res.status).toBe(200);
  return res.body as ChatMessagePage & { conversation: MemberConversation };
};
const adminRead = async (who: Person, conversationId: string) => {
  const res = await call(chatCalls.chatMessagesCall, { ...who.ctx, conversationId }, who.token);
  expect(res.status).toBe(200);
  return res.body as ChatMessagePage & { conversation: AdminConversation };
};

beforeAll(async () => {
  [alpha, beta] = await Promise.all([newOperator('Alpha'), newOperator('Beta')]);
  await Promise.all([setChat(alpha.teamId, true), setChat(beta.teamId, true)]);
  [member, other, betaMember] = await Promise.all([
    newPerson(alpha.teamId, { name: 'Hanako' }),
    newPerson(alpha.teamId, { name: 'Taro' }),
    newPerson(beta.teamId, { name: 'Beta member' }),
  ]);
});

describe('chat: a message goes both ways', () => {
  it('member starts, writes; the inbox shows it unread newest first; the admin reads and replies; the member sees the reply', async () => {
    const before = await call(chatCalls.memberChatGetCall, member.ctx, member.token);
    expect(before.status).toBe(200);
    expect(before.body).toEqual({ conversation: null, chatEnabled: true });

    const conversation = await memberStart(member);
    expect(conversation).toMatchObject({ unread: 0, memberChatEnabled: true });
    // Starting again answers the same conversation: one per member.
    expect((await memberStart(member)).conversationId).toBe(conversation.conversationId);
    expect(((await call(chatCalls.memberChatGetCall, member.ctx, member.token)).body as MemberChatState).conversation?.conversationId).toBe(conversation.conversationId);

    // Plain text kept as written (the page renders it as text).
    const written = await memberSend(member, conversation.conversationId, 'Hello <b>admins</b>\nline two');
    expect(written).toMatchObject({ from: 'member', authorName: 'Hanako', body: 'Hello <b>admins</b>\nline two' });

    const otherConversation = await memberStart(other);
    await memberSend(other, otherConversation.conversationId, 'Later message');

    const rows = (await inbox(alpha)).items;
    expect(rows.map((r) => r.conversationId).slice(0, 2)).toEqual([otherConversation.conversationId, conversation.conversationId]);
    expect(rows[1]).toMatchObject({ userId: member.userId, memberName: 'Hanako', unread: 1, lastMessagePreview: 'Hello <b>admins</b>\nline two' });

    const opened = await adminRead(alpha, conversation.conversationId);
    expect(opened.items.map((m) => m.body)).toEqual(['Hello <b>admins</b>\nline two']);
    expect(opened.conversation.unread).toBe(0);
    expect((await inbox(alpha)).items.find((r) => r.conversationId === conversation.conversationId)?.unread).toBe(0);

    const reply = await adminSend(alpha, conversation.conversationId, 'Hi Hanako');
    expect(reply).toMatchObject({ from: 'admin', body: 'Hi Hanako' });
    const state = (await call(chatCalls.memberChatGetCall, member.ctx, member.token)).body as MemberChatState;
    expect(state.conversation?.unread).toBe(1);
    const page = await memberRead(member, conversation.conversationId);
    expect(page.items.map((m) => [m.from, m.body])).toEqual([
      ['admin', 'Hi Hanako'],
      ['member', 'Hello <b>admins</b>\nline two'],
    ]);
    expect(page.conversation.unread).toBe(0);
    expect(((await call(chatCalls.memberChatGetCall, member.ctx, member.token)).body as MemberChatState).conversation?.unread).toBe(0);
    // The reply moved the conversation to the top of the inbox.
    expect((await inbox(alpha)).items[0]?.conversationId).toBe(conversation.conversationId);
  });

  it('pages messages newest first with the cursor, every message once', async () => {
    const someone = await newPerson(alpha.teamId, { name: 'Pager' });
    const { conversationId } = await memberStart(someone);
    const sent: string[] = [];
    for (let i = 0; i < 5; i++) sent.push((await memberSend(someone, conversationId, `m${i}`)).messageId);
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const res = await call(chatCalls.memberChatMessagesCall, { ...someone.ctx, conversationId, limit: 2, ...(cursor ? { cursor } : {}) }, someone.token);
      expect(res.status).toBe(200);
      const page = res.body as ChatMessagePage;
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((m) => m.messageId));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual([...sent].reverse());
  });

  it('an administrator starts a direct message with a member; one conversation per member either way', async () => {
    const someone = await newPerson(alpha.teamId, { name: 'Direct' });
    const res = await call(chatCalls.chatStartCall, { ...alpha.ctx, userId: someone.userId }, alpha.token);
    expect(res.status).toBe(200);
    const started = (res.body as { conversation: AdminConversation }).conversation;
    expect(started).toMatchObject({ userId: someone.userId, memberName: 'Direct', unread: 0 });
    expect((await memberStart(someone)).conversationId).toBe(started.conversationId);
    await adminSend(alpha, started.conversationId, 'Welcome');
    expect((await memberRead(someone, started.conversationId)).items.map((m) => m.body)).toEqual(['Welcome']);
  });
});

describe('chat: refusals', () => {
  it('refuses bad input naming the field: blank is chat/message_required, too long, bad ids and limits', async () => {
    const { conversationId } = await memberStart(member);
    for (const body of ['', '   ', '\n\t']) {
      for (const [c, who] of [
        [chatCalls.memberChatSendCall, member],
        [chatCalls.chatSendCall, alpha],
      ] as const) {
        const res = await call(c, { ...who.ctx, conversationId, body }, who.token);
        expect(res.status).toBe(400);
        expect(res.body.error).toEqual({ code: 'chat/message_required', fields: { body: 'validation/required' } });
      }
    }
    const long = 'あ'.repeat(CHAT_MESSAGE_MAX_LENGTH + 1);
    for (const [c, who] of [
      [chatCalls.memberChatSendCall, member],
      [chatCalls.chatSendCall, alpha],
    ] as const) {
      const res = await call(c, { ...who.ctx, conversationId, body: long }, who.token);
      expect(res.status).toBe(400);
      expect(res.body.error?.fields).toEqual({ body: 'validation/message_too_long' });
      const missing = await call(c, { ...who.ctx, conversationId }, who.token);
      expect(missing.status).toBe(400);
      expect(missing.body.error?.fields).toEqual({ body: 'validation/required' });
    }
    // Exactly the limit, counted in characters (an emoji counts once), is fine.
    expect((await memberSend(member, conversationId, '😀'.repeat(CHAT_MESSAGE_MAX_LENGTH))).body).toHaveLength(CHAT_MESSAGE_MAX_LENGTH * 2);

    const badId = await call(chatCalls.memberChatMessagesCall, { ...member.ctx, conversationId: '' }, member.token);
    expect(badId.status).toBe(400);
    expect(badId.body.error?.fields).toEqual({ conversationId: 'validation/invalid_value' });
    const badUser = await call(chatCalls.chatStartCall, { ...alpha.ctx, userId: 'not an id' }, alpha.token);
    expect(badUser.status).toBe(400);
    expect(badUser.body.error?.fields).toEqual({ userId: 'validation/invalid_value' });
    const badLimit = await call(chatCalls.chatListCall, { ...alpha.ctx, limit: 0 }, alpha.token);
    expect(badLimit.status).toBe(400);
    expect(badLimit.body.error?.fields).toEqual({ limit: 'validation/invalid_value' });
    const badCursor = await call(chatCalls.chatMessagesCall, { ...alpha.ctx, conversationId, cursor: 'nope' }, alpha.token);
    expect(badCursor.status).toBe(400);
    expect(badCursor.body.error?.fields).toEqual({ cursor: 'validation/invalid_value' });
    const badSetting = await call(chatCalls.memberChatSettingCall, { ...member.ctx, memberChatEnabled: 'yes' }, member.token);
    expect(badSetting.status).toBe(400);
    expect(badSetting.body.error?.fields).toEqual({ memberChatEnabled: 'validation/invalid_value' });
  });

  it('answers 403 to a member and to an administrator without user management on every admin call; 401 without a session', async () => {
    const { conversationId } = await memberStart(member);
    const before = await memberRead(member, conversationId);
    const analyst = await newAdmin(alpha.teamId, ['contentsManager', 'designer', 'analyst', 'payingManager', 'siteManager']);
    for (const who of [analyst, other]) {
      const attempts = [
        call(chatCalls.chatListCall, who.ctx, who.token),
        call(chatCalls.chatStartCall, { ...who.ctx, userId: member.userId }, who.token),
        call(chatCalls.chatMessagesCall, { ...who.ctx, conversationId }, who.token),
        call(chatCalls.chatSendCall, { ...who.ctx, conversationId, body: 'Hijack' }, who.token),
      ];
      for (const res of await Promise.all(attempts)) {
        expect(res.status).toBe(403);
        expect(res.body.error?.code).toBe('common/no_operation_authority');
      }
    }
    expect((await memberRead(member, conversationId)).items).toEqual(before.items);
    // A user manager who is not the operator may.
    const userManager = await newAdmin(alpha.teamId, ['userManager']);
    expect((await call(chatCalls.chatListCall, userManager.ctx, userManager.token)).status).toBe(200);
    for (const res of await Promise.all([
      call(chatCalls.chatListCall, alpha.ctx),
      call(chatCalls.memberChatGetCall, member.ctx),
      call(chatCalls.memberChatSendCall, { ...member.ctx, conversationId, body: 'x' }),
      call(chatCalls.memberChatSettingCall, { ...member.ctx, memberChatEnabled: false }),
    ])) {
      expect(res.status).toBe(401);
    }
  });

  it("another member's or another team's conversation is 404, revealing and changing nothing", async () => {
    const mine = await memberStart(member);
    const another = await newPerson(alpha.teamId, { name: 'Another' });
    const theirs = await memberStart(another);
    await memberSend(another, theirs.conversationId, 'private to Taro');
    const betaConversation = await memberStart(betaMember);
    await memberSend(betaMember, betaConversation.conversationId, 'beta secret');

    const attempts = [
      call(chatCalls.memberChatMessagesCall, { ...member.ctx, conversationId: theirs.conversationId }, member.token),
      call(chatCalls.memberChatSendCall, { ...member.ctx, conversationId: theirs.conversationId, body: 'Hijack' }, member.token),
      call(chatCalls.memberChatMessagesCall, { ...member.ctx, conversationId: betaConversation.conversationId }, member.token),
      call(chatCalls.memberChatSendCall, { ...member.ctx, conversationId: betaConversation.conversationId, body: 'Hijack' }, member.token),
      call(chatCalls.chatMessagesCall, { ...alpha.ctx, conversationId: betaConversation.conversationId }, alpha.token),
      call(chatCalls.chatSendCall, { ...alpha.ctx, conversationId: betaConversation.conversationId, body: 'Hijack' }, alpha.token),
      call(chatCalls.memberChatMessagesCall, { ...member.ctx, conversationId: '01UNKNOWNCONVERSATION' }, member.token),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBe(404);
      expect(res.body.error?.code).toBe('common/not_found');
      expect(JSON.stringify(res.body)).not.toMatch(/private|secret/);
    }
    const startTheirs = await call(chatCalls.chatStartCall, { ...alpha.ctx, userId: betaMember.userId }, alpha.token);
    expect(startTheirs.status).toBe(404);
    expect(startTheirs.body.error?.code).toBe('common/no_user');

    expect((await memberRead(another, theirs.conversationId)).items.map((m) => m.body)).toEqual(['private to Taro']);
    expect((await memberRead(betaMember, betaConversation.conversationId)).items.map((m) => m.body)).toEqual(['beta secret']);
    expect((await inbox(alpha)).items.map((c) => c.conversationId)).not.toContain(betaConversation.conversationId);
    expect((await inbox(beta)).items.map((c) => c.conversationId)).not.toContain(mine.conversationId);
    // A cursor of another conversation's messages is refused.
    for (let i = 0; i < 2; i++) await memberSend(betaMember, betaConversation.conversationId, `more ${i}`);
    const betaPage = await call(chatCalls.chatMessagesCall, { ...beta.ctx, conversationId: betaConversation.conversationId, limit: 1 }, beta.token);
    const cursor = (betaPage.body as ChatMessagePage).nextCursor;
    expect(cursor).toBeDefined();
    const forged = await call(chatCalls.chatMessagesCall, { ...alpha.ctx, conversationId: mine.conversationId, cursor }, alpha.token);
    expect(forged.status).toBe(400);
    expect(forged.body.error?.fields).toEqual({ cursor: 'validation/invalid_value' });
  });

  it('the site setting off (default for a new team) refuses member and admin writes with chat/disabled_by_admin; reading still works', async () => {
    const team = await newOperator('Chat Off');
    const someone = await newPerson(team.teamId, { name: 'Quiet' });
    const settings = await call(getSecuritySettingsCall, team.ctx, team.token);
    expect((settings.body as SecuritySettingsAnswer).chatEnabled).toBe(false);
    expect(((await call(chatCalls.memberChatGetCall, someone.ctx, someone.token)).body as MemberChatState).chatEnabled).toBe(false);
    for (const res of [
      await call(chatCalls.memberChatStartCall, someone.ctx, someone.token),
      await call(chatCalls.chatStartCall, { ...team.ctx, userId: someone.userId }, team.token),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.error?.code).toBe('chat/disabled_by_admin');
    }

    // Turned on through the security settings call, a conversation happens; turned off again, writes stop.
    const { yourIp: _ip, ...kept } = settings.body as SecuritySettingsAnswer;
    const on = await call(updateSecuritySettingsCall, { ...team.ctx, ...kept, chatEnabled: true, confirmLockout: true }, team.token);
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    expect((on.body as SecuritySettingsAnswer).chatEnabled).toBe(true);
    const { conversationId } = await memberStart(someone);
    await memberSend(someone, conversationId, 'Before');
    const off = await call(updateSecuritySettingsCall, { ...team.ctx, ...kept, chatEnabled: false, confirmLockout: true }, team.token);
    expect((off.body as SecuritySettingsAnswer).chatEnabled).toBe(false);
    for (const res of [
      await call(chatCalls.memberChatSendCall, { ...someone.ctx, conversationId, body: 'After' }, someone.token),
      await call(chatCalls.chatSendCall, { ...team.ctx, conversationId, body: 'After' }, team.token),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.error?.code).toBe('chat/disabled_by_admin');
    }
    expect((await memberRead(someone, conversationId)).items.map((m) => m.body)).toEqual(['Before']);
    expect((await adminRead(team, conversationId)).items.map((m) => m.body)).toEqual(['Before']);
  });

  it("the member's own switch off refuses administrators with chat/disabled_by_user; the member may still write; on again, replies go through", async () => {
    const someone = await newPerson(alpha.teamId, { name: 'Private person' });
    // Turning it off before any message keeps it in a conversation of its own (not in the inbox until a message).
    const offRes = await call(chatCalls.memberChatSettingCall, { ...someone.ctx, memberChatEnabled: false }, someone.token);
    expect(offRes.status).toBe(200);
    const conversation = (offRes.body as { conversation: MemberConversation }).conversation;
    expect(conversation.memberChatEnabled).toBe(false);
    expect((await inbox(alpha)).items.map((c) => c.conversationId)).not.toContain(conversation.conversationId);
    const started = await call(chatCalls.chatStartCall, { ...alpha.ctx, userId: someone.userId }, alpha.token);
    expect((started.body as { conversation: AdminConversation }).conversation).toMatchObject({ conversationId: conversation.conversationId, memberChatEnabled: false });

    const refused = await call(chatCalls.chatSendCall, { ...alpha.ctx, conversationId: conversation.conversationId, body: 'Are you there?' }, alpha.token);
    expect(refused.status).toBe(403);
    expect(refused.body.error?.code).toBe('chat/disabled_by_user');
    await memberSend(someone, conversation.conversationId, 'I write, but do not want messages');
    expect((await memberRead(someone, conversation.conversationId)).items.map((m) => m.from)).toEqual(['member']);

    const onRes = await call(chatCalls.memberChatSettingCall, { ...someone.ctx, memberChatEnabled: true }, someone.token);
    expect((onRes.body as { conversation: MemberConversation }).conversation.memberChatEnabled).toBe(true);
    await adminSend(alpha, conversation.conversationId, 'Now I can answer');
    expect((await memberRead(someone, conversation.conversationId)).items[0]?.body).toBe('Now I can answer');
  });

  it('a direct message to someone who cannot receive one is chat/direct_message_failed (disabled, cancelled, an administrator)', async () => {
    const disabled = await newPerson(alpha.teamId, { name: 'Disabled', disabled: true });
    const cancelled = await newPerson(alpha.teamId, { name: 'Cancelled', cancelledAt: new Date().toISOString() });
    const admin = await newAdmin(alpha.teamId, ['userManager']);
    for (const who of [disabled, cancelled, admin]) {
      const res = await call(chatCalls.chatStartCall, { ...alpha.ctx, userId: who.userId }, alpha.token);
      expect(res.status).toBe(409);
      expect(res.body.error?.code).toBe('chat/direct_message_failed');
    }
    const unknown = await call(chatCalls.chatStartCall, { ...alpha.ctx, userId: '01UNKNOWNUSER' }, alpha.token);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error?.code).toBe('common/no_user');
  });
});

describe('chat: fuzz of the message text', () => {
  it('any text gets a message or a 400 in the error shape, never a 5xx (member and admin)', async () => {
    const someone = await newPerson(alpha.teamId, { name: 'Fuzz' });
    const { conversationId } = await memberStart(someone);
    const text = fc.oneof(
      fc.string({ maxLength: 60 }),
      fc.string({ unit: 'grapheme', maxLength: 60 }),
      fc.string({ unit: 'binary', maxLength: 60 }),
      fc.constantFrom('', ' ', '\u3000', '<script>alert(1)</script>', 'x'.repeat(CHAT_MESSAGE_MAX_LENGTH + 1), '\u0000', '\ud800'),
      fc.anything(),
    );
    const codes = new Set(Object.keys(errorCatalogue));
    for (const [c, who] of [
      [chatCalls.memberChatSendCall, someone],
      [chatCalls.chatSendCall, alpha],
    ] as const) {
      await fc.assert(
        fc.asyncProperty(text, async (body) => {
          const res = await call(c, { ...who.ctx, conversationId, body }, who.token);
          expect(res.status).toBeLessThan(500);
          if (res.status === 200) {
            expect((res.body as { message: ChatMessage }).message.body).toBe(body);
          } else {
            expect(res.status).toBe(400);
            expect(codes.has(res.body.error?.code ?? '')).toBe(true);
            expect(Object.keys(res.body.error?.fields ?? {})).toEqual(['body']);
          }
        }),
        // With the unit test's 1,000 runs on the schema, a smaller sample through the whole platform.
        { numRuns: 100 },
      );
    }
  }, 120_000);
});
