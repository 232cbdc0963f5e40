import '../support/platform-env';
import { beforeAll, describe, expect, it } from 'vitest';
import * as commentsCalls from '../../../shared/api/calls/comments';
import type { MemberComment } from '../../../shared/api/calls/comments';
import { memberLoginCall, getMemberContextCall } from '../../../shared/api/calls/auth';
import { getAdminContextCall } from '../../../shared/api/calls/teams';
import { joinCall } from '../../../shared/api/calls/invites';
import * as mailTemplatesCalls from '../../../shared/api/calls/mail-templates';
import { getTeamUser } from '../../../lambdas/core/entities/team-user';
import { readyVideo } from '../content/ready-videos';
import { newOperator, newPerson, type Person } from '../members/fixtures';
import { call, inbox, type InboxMail } from '../support/api';
import { createInvite, joinInput, type Actor } from '../invites/helpers';

/**
 * Issue 30: every mail to one person is in that person's language (their choice, else the language they last used
 * the site in, else the team's), whatever the team's own language. The teams here are Japanese (operatorInput).
 */
let team: Person;
let video: string;
const publicForm = (title: string) => ({ title, overview: '', status: 'public', releasedAt: '2024-01-01T00:00:00Z' });
const mailsAbout = async (to: string, marker: string): Promise<InboxMail[]> => (await inbox(to)).filter((m) => `${m.subject}${m.body.text}`.includes(marker));
const comment = async (who: Person, body: string) => {
  const res = await call(commentsCalls.memberCommentCreateCall, { ...who.ctx, type: 'video', id: video, body }, who.token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body as { comment: MemberComment }).comment;
};

beforeAll(async () => {
  team = await newOperator('Reader Site');
  video = await readyVideo(team, publicForm('Bilingual lesson'));
});

describe('the comment reply to its author', () => {
  it('is in English for a member who chose English, in Japanese for one who chose nothing, on a Japanese team', async () => {
    const [english, plain] = await Promise.all([
      newPerson(team.teamId, { name: 'Emma', language: 'en', notifications: { videoReplyCommented: true } }),
      newPerson(team.teamId, { name: 'Hanako', notifications: { videoReplyCommented: true } }),
    ]);
    for (const who of [english, plain]) {
      const c = await comment(who, `Question from ${who.userId}`);
      const replied = await call(commentsCalls.commentReplyCall, { ...team.ctx, commentId: c.commentId, body: 'The answer' }, team.token);
      expect(replied.status).toBe(200);
    }
    const [toEnglish] = await mailsAbout(english.email, 'Bilingual lesson');
    expect(toEnglish?.subject).toBe('[Reader Site] Your comment on Bilingual lesson got a reply');
    const [toPlain] = await mailsAbout(plain.email, 'Bilingual lesson');
    expect(toPlain?.subject).toBe('【Reader Site】Bilingual lesson へのコメントに返信がありました');
  });

  it('follows the language the member last signed in with when they chose none, and their choice over it', async () => {
    const [signedInEnglish, chosenJapanese] = await Promise.all([
      newPerson(team.teamId, { name: 'Liam', notifications: { videoReplyCommented: true } }),
      newPerson(team.teamId, { name: 'Aiko', language: 'ja', notifications: { videoReplyCommented: true } }),
    ]);
    for (const who of [signedInEnglish, chosenJapanese]) {
      const login = await call(memberLoginCall, { teamId: team.teamId, language: 'en' }, who.token);
      expect(login.status, JSON.stringify(login.body)).toBe(200);
      expect((await getTeamUser(team.teamId, who.userId, true))?.lastLanguage).toBe('en');
      const c = await comment(who, `Signed in ${who.userId}`);
      expect((await call(commentsCalls.commentReplyCall, { ...team.ctx, commentId: c.commentId, body: 'Answered' }, team.token)).status).toBe(200);
    }
    expect((await mailsAbout(signedInEnglish.email, 'Bilingual lesson'))[0]?.subject).toBe('[Reader Site] Your comment on Bilingual lesson got a reply');
    expect((await mailsAbout(chosenJapanese.email, 'Bilingual lesson'))[0]?.subject).toBe('【Reader Site】Bilingual lesson へのコメントに返信がありました');
  });
});

describe('recording the language a person last used', () => {
  it('is noted from the sign-in and the member and admin shells, without moving the record’s version', async () => {
    const member = await newPerson(team.teamId, { name: 'Noah' });
    expect((await call(memberLoginCall, { teamId: team.teamId, language: 'en' }, member.token)).status).toBe(200);
    const first = await getTeamUser(team.teamId, member.userId, true);
    expect(first?.lastLanguage).toBe('en');
    expect((await call(getMemberContextCall, { ...member.ctx, language: 'en' }, member.token)).status).toBe(200);
    expect((await call(getMemberContextCall, { ...member.ctx, language: 'ja' }, member.token)).status).toBe(200);
    const changed = await getTeamUser(team.teamId, member.userId, true);
    expect(changed?.lastLanguage).toBe('ja');
    // A hint, not an edit: the record's version and update time stay, so an administrator saving the member meanwhile meets no conflict.
    expect([changed?.version, changed?.updatedAt]).toEqual([first?.version, first?.updatedAt]);

    const admin = await newPerson(team.teamId, { role: 'admin', adminLevel: 'normal', categories: ['analyst'], name: 'Admin Ken' });
    expect((await call(getAdminContextCall, { ...admin.ctx, language: 'en' }, admin.token)).status).toBe(200);
    expect((await getTeamUser(team.teamId, admin.userId, true))?.lastLanguage).toBe('en');
  });

  it('refuses a language the site does not have, naming the field', async () => {
    const member = await newPerson(team.teamId, { name: 'Olivia' });
    const login = await call(memberLoginCall, { teamId: team.teamId, language: 'fr' }, member.token);
    expect(login.status).toBe(400);
    expect(login.body.error?.fields).toEqual({ language: 'validation/invalid_value' });
    const shell = await call(getAdminContextCall, { ...team.ctx, language: 'fr' }, team.token);
    expect(shell.status).toBe(400);
    expect(shell.body.error?.fields).toEqual({ language: 'validation/invalid_value' });
    expect((await getTeamUser(team.teamId, member.userId, true))?.lastLanguage).toBeUndefined();
  });
});

describe('administrators’ notices', () => {
  it('reach a Japanese and an English administrator each in their own language', async () => {
    const site = await newOperator('Admin Langs');
    const own = await readyVideo(site, publicForm('Notice lesson'));
    const [ja, en, member] = await Promise.all([
      newPerson(site.teamId, { role: 'admin', adminLevel: 'normal', categories: ['analyst'], name: 'Ja Admin', language: 'ja', notifications: { videoCommented: true } }),
      newPerson(site.teamId, { role: 'admin', adminLevel: 'normal', categories: ['analyst'], name: 'En Admin', lastLanguage: 'en', notifications: { videoCommented: true } }),
      newPerson(site.teamId, { name: 'Commenter' }),
    ]);
    const res = await call(commentsCalls.memberCommentCreateCall, { ...member.ctx, type: 'video', id: own, body: 'Hello admins' }, member.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [toJa] = await mailsAbout(ja.email, 'Notice lesson');
    const [toEn] = await mailsAbout(en.email, 'Notice lesson');
    expect(toJa?.subject).toBe('【Admin Langs】Notice lesson にコメントがありました');
    expect(toJa?.body.text).toContain('Ja Admin');
    expect(toEn?.subject).toBe('[Admin Langs] New comment on Notice lesson');
    expect(toEn?.body.text).toContain('En Admin');
  });
});

describe('auto mails', () => {
  const actor = (p: Person): Actor => ({ teamId: p.teamId, userId: p.userId, token: p.token, email: p.email, password: '' });
  const save = async (who: Person, input: Record<string, unknown>) =>
    expect((await call(mailTemplatesCalls.mailTemplateUpdateCall, { ...who.ctx, version: 0, enabled: true, ...input }, who.token)).status).toBe(200);
  const welcomeTo = async (email: string) => {
    await expect.poll(async () => (await inbox(email)).length, { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
    await new Promise((r) => setTimeout(r, 500));
    return (await inbox(email)).map((m) => m.subject);
  };

  it('send each member the template of their language, or that language’s default text when the team wrote none', async () => {
    const site = await newOperator('Auto Langs');
    const invite = await createInvite(actor(site));
    await save(site, { event: 'welcome', language: 'ja', subject: 'ようこそ {{userName}}', body: '日本語の本文' });
    await save(site, { event: 'welcome', language: 'en', subject: 'Welcome aboard {{userName}}', body: 'English body' });
    // The language each joined in is the one they last used the site in.
    const english = joinInput(invite, { language: 'en', name: 'Emma' });
    const japanese = joinInput(invite, { language: 'ja', name: 'Hanako' });
    for (const input of [english, japanese]) expect((await call(joinCall, input)).status).toBe(200);
    expect(await welcomeTo(english.email)).toEqual(['Welcome aboard Emma']);
    expect(await welcomeTo(japanese.email)).toEqual(['ようこそ Hanako']);

    // A team that switched the mail on in Japanese only: an English reader gets the English default text.
    const other = await newOperator('Ja Only');
    const otherInvite = await createInvite(actor(other));
    await save(other, { event: 'welcome', language: 'ja', subject: 'ようこそ', body: '本文' });
    const reader = joinInput(otherInvite, { language: 'en', name: 'Liam' });
    expect((await call(joinCall, reader)).status).toBe(200);
    expect(await welcomeTo(reader.email)).toEqual(['[Ja Only] Welcome']);
  });
});
