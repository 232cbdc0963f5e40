import '../support/platform-env';
import { beforeAll, describe, expect, it } from 'vitest';
import * as commentsCalls from '../../../shared/api/calls/comments';
import type { AdminComment, MemberComment, MemberCommentPage } from '../../../shared/api/calls/comments';
import { createArticleCall } from '../../../shared/api/calls/articles';
import { feedbackNoticeListCall, memberNoticeListCall, type CommentNotice, type ReplyNotice } from '../../../shared/api/calls/notices';
import { getSecuritySettingsCall, updateSecuritySettingsCall, type SecuritySettingsAnswer } from '../../../shared/api/calls/settings';
import type { Page } from '../../../shared/api/page';
import { COMMENT_BODY_MAX_LENGTH } from '../../../shared/constants';
import { getSiteSettings, putSiteSettings } from '../../../lambdas/core/entities/site-settings';
import { readyVideo } from '../content/ready-videos';
import { newAdmin, newOperator, newPerson, type Person } from '../members/fixtures';
import { call, inbox, operatorInput, signIn, type InboxMail } from '../support/api';
import { registerOperatorCall } from '../../../shared/api/calls/teams';

let alpha: Person;
let beta: Person;
let member: Person;
let grouped: Person;
let video: string;
let limited: string;
let privateVideo: string;
let betaVideo: string;

const GROUP = '01GROUPCOMMENTS00000000001';
const publicForm = (title: string) => ({ title, overview: '', status: 'public', releasedAt: '2024-01-01T00:00:00Z' });

const comment = async (who: Person, videoId: string, body: string) => {
  const res = await call(commentsCalls.memberCommentCreateCall, { ...who.ctx, type: 'video', id: videoId, body }, who.token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body as { comment: MemberComment }).comment;
};
const memberList = async (who: Person, videoId: string) => {
  const res = await call(commentsCalls.memberCommentListCall, { ...who.ctx, type: 'video', id: videoId }, who.token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as MemberCommentPage;
};
const adminList = async (who: Person) => {
  const res = await call(commentsCalls.commentListCall, who.ctx, who.token);
  expect(res.status).toBe(200);
  return (res.body as Page<AdminComment>).items;
};
/** A team that registered in English (its mails are in English). */
async function englishOperator(siteName: string): Promise<Person> {
  const input = operatorInput({ siteName, language: 'en' });
  const res = await call(registerOperatorCall, input);
  expect(res.status).toBe(200);
  const { teamId, userId } = res.body as { teamId: string; userId: string };
  return { teamId, userId, email: input.email, token: await signIn(input.email, input.password), ctx: { operatedTeamId: teamId, operatedUserId: userId } };
}

const setComments = async (teamId: string, commentsEnabled: boolean) => putSiteSettings({ ...(await getSiteSettings(teamId)), commentsEnabled });

/** Mails to `to` whose subject holds `marker`: sending is part of the call, so they are there when it answers. */
const mailsAbout = async (to: string, marker: string): Promise<InboxMail[]> => (await inbox(to)).filter((m) => m.subject.includes(marker));

beforeAll(async () => {
  [alpha, beta] = await Promise.all([newOperator('Comments Alpha'), newOperator('Comments Beta')]);
  [member, grouped] = await Promise.all([newPerson(alpha.teamId, { name: 'Hanako' }), newPerson(alpha.teamId, { name: 'Grouped', groupIds: [GROUP] })]);
  video = await readyVideo(alpha, publicForm('Lesson with comments'));
  limited = await readyVideo(alpha, publicForm('Group lesson'), [GROUP]);
  privateVideo = await readyVideo(alpha, { ...publicForm('Hidden lesson'), status: 'private' });
  betaVideo = await readyVideo(beta, publicForm('Beta lesson'));
});

describe('member comments', () => {
  it('creates a comment and lists the video comments newest first, with replies and the caller marked', async () => {
    const first = await comment(member, video, 'First question');
    expect(first).toMatchObject({ contentType: 'video', contentId: video, body: 'First question', authorName: 'Hanako', replies: [], mine: true });
    const second = await comment(grouped, video, 'Second question');

    const page = await memberList(member, video);
    expect(page.commentsEnabled).toBe(true);
    const ids = page.items.map((c) => c.commentId);
    expect(ids.indexOf(second.commentId)).toBeLessThan(ids.indexOf(first.commentId));
    expect(page.items.find((c) => c.commentId === second.commentId)).toMatchObject({ mine: false, authorName: 'Grouped' });

    const replied = await call(commentsCalls.commentReplyCall, { ...alpha.ctx, commentId: first.commentId, body: 'Good question' }, alpha.token);
    expect(replied.status).toBe(200);
    const again = await memberList(member, video);
    expect(again.items.find((c) => c.commentId === first.commentId)?.replies.map((r) => r.body)).toEqual(['Good question']);
  });

  it('pages the video comments with the cursor, every comment once', async () => {
    const own = await readyVideo(alpha, publicForm('Paged lesson'));
    const made: string[] = [];
    for (let i = 0; i < 5; i++) made.push((await comment(member, own, `C${i}`)).commentId);
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const res = await call(commentsCalls.memberCommentListCall, { ...member.ctx, type: 'video', id: own, limit: 2, ...(cursor ? { cursor } : {}) }, member.token);
      expect(res.status).toBe(200);
      const page = res.body as MemberCommentPage;
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((c) => c.commentId));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual([...made].reverse());
  });

  it('refuses bad input naming the field (SPEC §5 comment required, up to 1000)', async () => {
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ type: 'video', id: video, body: '' }, { body: 'validation/required' }],
      [{ type: 'video', id: video, body: '   ' }, { body: 'validation/required' }],
      [{ type: 'video', id: video }, { body: 'validation/required' }],
      [{ type: 'video', id: video, body: 'x'.repeat(COMMENT_BODY_MAX_LENGTH + 1) }, { body: 'validation/comment_too_long' }],
      [{ type: 'video', id: '', body: 'x' }, { id: 'validation/invalid_value' }],
      [{ type: 'video', body: 'x' }, { id: 'validation/required' }],
      [{ type: 'news', id: video, body: 'x' }, { type: 'validation/invalid_value' }],
    ];
    for (const [input, fields] of cases) {
      const res = await call(commentsCalls.memberCommentCreateCall, { ...member.ctx, ...input }, member.token);
      expect(res.status, JSON.stringify(input)).toBe(400);
      expect(res.body.error?.fields).toEqual(fields);
    }
    expect((await comment(member, video, 'x'.repeat(COMMENT_BODY_MAX_LENGTH))).body).toHaveLength(COMMENT_BODY_MAX_LENGTH);
    const list = await call(commentsCalls.memberCommentListCall, { ...member.ctx, type: 'video', id: '../x' }, member.token);
    expect(list.status).toBe(400);
    expect(list.body.error?.fields).toEqual({ id: 'validation/invalid_value' });
  });

  it('answers 404 for a video the member may not open, and for another team\'s video, saving nothing', async () => {
    const before = (await adminList(alpha)).length;
    for (const videoId of [limited, privateVideo, betaVideo, '01NOSUCHVIDEO0000000000000']) {
      const created = await call(commentsCalls.memberCommentCreateCall, { ...member.ctx, type: 'video', id: videoId, body: 'Let me in' }, member.token);
      expect(created.status, videoId).toBe(404);
      expect(created.body.error?.code).toBe('video/not_found');
      expect((await call(commentsCalls.memberCommentListCall, { ...member.ctx, type: 'video', id: videoId }, member.token)).status).toBe(404);
    }
    expect((await adminList(alpha)).length).toBe(before);
    // The member of the video's group may comment on it.
    expect((await comment(grouped, limited, 'In the group')).contentId).toBe(limited);
  });

  it('refuses a new comment while the site setting is off, and the list says so', async () => {
    const team = await newOperator('Comments Off');
    const someone = await newPerson(team.teamId, { name: 'Quiet' });
    const own = await readyVideo(team, publicForm('Quiet lesson'));
    await comment(someone, own, 'Before');

    const settings = await call(getSecuritySettingsCall, team.ctx, team.token);
    expect((settings.body as SecuritySettingsAnswer).commentsEnabled).toBe(true);
    const { yourIp: _ip, ...kept } = settings.body as SecuritySettingsAnswer;
    const off = await call(updateSecuritySettingsCall, { ...team.ctx, ...kept, commentsEnabled: false, confirmLockout: true }, team.token);
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect((off.body as SecuritySettingsAnswer).commentsEnabled).toBe(false);

    const refused = await call(commentsCalls.memberCommentCreateCall, { ...someone.ctx, type: 'video', id: own, body: 'After' }, someone.token);
    expect(refused.status).toBe(403);
    expect(refused.body.error?.code).toBe('comment/disabled');
    const page = await memberList(someone, own);
    expect(page.commentsEnabled).toBe(false);
    expect(page.items.map((c) => c.body)).toEqual(['Before']);

    await setComments(team.teamId, true);
    expect((await comment(someone, own, 'Back on')).body).toBe('Back on');
  });
});

describe('comments on other content types', () => {
  const article = async (who: Person, title: string, extra: Record<string, unknown> = {}) => {
    const res = await call(createArticleCall, { ...who.ctx, title, status: 'public', fields: { html: `<p>${title}</p>` }, ...extra }, who.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body as { id: string }).id;
  };
  const onArticle = (who: Person, id: string, body: string) => call(commentsCalls.memberCommentCreateCall, { ...who.ctx, type: 'article', id, body }, who.token);

  it('takes comments on an article only while the site setting allows it, lists them under it and in the admin list, and mails the reply with its page', async () => {
    const team = await newOperator('Article Comments');
    const reader = await newPerson(team.teamId, { name: 'Reader', notifications: { videoReplyCommented: true } });
    const id = await article(team, 'Commented article');

    const off = await onArticle(reader, id, 'Too early');
    expect(off.status).toBe(403);
    expect(off.body.error?.code).toBe('comment/disabled');
    const closed = await call(commentsCalls.memberCommentListCall, { ...reader.ctx, type: 'article', id }, reader.token);
    expect((closed.body as MemberCommentPage)).toMatchObject({ items: [], commentsEnabled: false });

    await putSiteSettings({ ...(await getSiteSettings(team.teamId)), contentCommentsEnabled: true });
    const made = await onArticle(reader, id, 'On the article');
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const c = (made.body as { comment: MemberComment }).comment;
    expect(c).toMatchObject({ contentType: 'article', contentId: id, body: 'On the article', mine: true });
    const page = (await call(commentsCalls.memberCommentListCall, { ...reader.ctx, type: 'article', id }, reader.token)).body as MemberCommentPage;
    expect(page.commentsEnabled).toBe(true);
    expect(page.items.map((x) => x.commentId)).toEqual([c.commentId]);
    // Video comments and article comments are separate lists, even with the same id shape.
    expect((await call(commentsCalls.memberCommentListCall, { ...reader.ctx, type: 'pdf', id }, reader.token)).status).toBe(404);

    expect((await adminList(team))[0]).toMatchObject({ commentId: c.commentId, contentType: 'article', contentTitle: 'Commented article' });
    expect((await call(commentsCalls.commentReplyCall, { ...team.ctx, commentId: c.commentId, body: 'Article answer' }, team.token)).status).toBe(200);
    const [toReader] = await mailsAbout(reader.email, 'Commented article');
    expect(toReader?.body.text).toContain(`/user/${team.teamId}/article/${id}`);

    // Comments on videos alone off turns every type off.
    await putSiteSettings({ ...(await getSiteSettings(team.teamId)), commentsEnabled: false });
    expect((await onArticle(reader, id, 'Off again')).body.error?.code).toBe('comment/disabled');
  });

  it("answers the type's not-found for an article the member may not open or another team's, saving nothing", async () => {
    const team = await newOperator('Article Comments Hidden');
    await putSiteSettings({ ...(await getSiteSettings(team.teamId)), contentCommentsEnabled: true });
    const reader = await newPerson(team.teamId, { name: 'Reader' });
    const hidden = await article(team, 'Private article', { status: 'private' });
    const elsewhere = await article(beta, 'Beta article');
    for (const id of [hidden, elsewhere]) {
      const res = await onArticle(reader, id, 'Let me in');
      expect(res.status, id).toBe(404);
      // SPEC §8 has no article not-found message of its own (article-rules.ts).
      expect(res.body.error?.code).toBe('common/not_found');
      expect((await call(commentsCalls.memberCommentListCall, { ...reader.ctx, type: 'article', id }, reader.token)).status).toBe(404);
    }
    expect(await adminList(team)).toEqual([]);
  });
});

describe('admin comments', () => {
  it('lists the team comments newest first with the video title and member name, gets, replies and deletes', async () => {
    const c = await comment(member, video, 'Admin list question');
    const items = await adminList(alpha);
    expect(items[0]).toMatchObject({ commentId: c.commentId, contentType: 'video', contentTitle: 'Lesson with comments', authorName: 'Hanako', userId: member.userId });
    expect(items.every((i) => i.contentId !== betaVideo)).toBe(true);

    const got = await call(commentsCalls.commentGetCall, { ...alpha.ctx, commentId: c.commentId }, alpha.token);
    expect((got.body as { comment: AdminComment }).comment.body).toBe('Admin list question');

    const r1 = await call(commentsCalls.commentReplyCall, { ...alpha.ctx, commentId: c.commentId, body: 'One' }, alpha.token);
    const r2 = await call(commentsCalls.commentReplyCall, { ...alpha.ctx, commentId: c.commentId, body: 'Two' }, alpha.token);
    expect([r1.status, r2.status]).toEqual([200, 200]);
    expect((r2.body as { comment: AdminComment }).comment.replies.map((r) => r.body)).toEqual(['One', 'Two']);

    expect((await call(commentsCalls.commentDeleteCall, { ...alpha.ctx, commentId: c.commentId }, alpha.token)).status).toBe(200);
    expect((await call(commentsCalls.commentGetCall, { ...alpha.ctx, commentId: c.commentId }, alpha.token)).status).toBe(404);
    expect((await call(commentsCalls.commentDeleteCall, { ...alpha.ctx, commentId: c.commentId }, alpha.token)).status).toBe(404);
    expect((await memberList(member, video)).items.some((i) => i.commentId === c.commentId)).toBe(false);
  });

  it('pages the admin list with the cursor', async () => {
    const team = await newOperator('Comments Pages');
    const someone = await newPerson(team.teamId);
    const own = await readyVideo(team, publicForm('Pages'));
    const made: string[] = [];
    for (let i = 0; i < 3; i++) made.push((await comment(someone, own, `P${i}`)).commentId);
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const res = await call(commentsCalls.commentListCall, { ...team.ctx, limit: 2, ...(cursor ? { cursor } : {}) }, team.token);
      expect(res.status).toBe(200);
      seen.push(...(res.body as Page<AdminComment>).items.map((c) => c.commentId));
      cursor = (res.body as Page<AdminComment>).nextCursor;
    } while (cursor);
    expect(seen).toEqual([...made].reverse());
  });

  it('refuses bad input naming the field', async () => {
    const c = await comment(member, video, 'Bad input target');
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ commentId: c.commentId, body: '' }, { body: 'validation/required' }],
      [{ commentId: c.commentId, body: 'x'.repeat(COMMENT_BODY_MAX_LENGTH + 1) }, { body: 'validation/comment_too_long' }],
      [{ commentId: '', body: 'x' }, { commentId: 'validation/invalid_value' }],
    ];
    for (const [input, fields] of cases) {
      const res = await call(commentsCalls.commentReplyCall, { ...alpha.ctx, ...input }, alpha.token);
      expect(res.status).toBe(400);
      expect(res.body.error?.fields).toEqual(fields);
    }
    for (const def of [commentsCalls.commentGetCall, commentsCalls.commentDeleteCall]) {
      const res = await call(def, { ...alpha.ctx, commentId: 'a/b' }, alpha.token);
      expect(res.status).toBe(400);
      expect(res.body.error?.fields).toEqual({ commentId: 'validation/invalid_value' });
    }
    const list = await call(commentsCalls.commentListCall, { ...alpha.ctx, limit: 0 }, alpha.token);
    expect(list.status).toBe(400);
    expect(list.body.error?.fields).toEqual({ limit: 'validation/invalid_value' });
  });

  it('refuses members and administrators without the analyst category', async () => {
    const c = await comment(member, video, 'Role target');
    const contents = await newAdmin(alpha.teamId, ['contentsManager']);
    const analyst = await newAdmin(alpha.teamId, ['analyst']);
    for (const who of [member, contents]) {
      expect((await call(commentsCalls.commentListCall, who.ctx, who.token)).status).toBe(403);
      expect((await call(commentsCalls.commentGetCall, { ...who.ctx, commentId: c.commentId }, who.token)).status).toBe(403);
      expect((await call(commentsCalls.commentReplyCall, { ...who.ctx, commentId: c.commentId, body: 'No' }, who.token)).status).toBe(403);
      expect((await call(commentsCalls.commentDeleteCall, { ...who.ctx, commentId: c.commentId }, who.token)).status).toBe(403);
    }
    expect((await call(commentsCalls.commentGetCall, { ...alpha.ctx, commentId: c.commentId }, alpha.token)).body).toMatchObject({ comment: { replies: [] } });
    expect((await call(commentsCalls.commentReplyCall, { ...analyst.ctx, commentId: c.commentId, body: 'Yes' }, analyst.token)).status).toBe(200);
  });

  it("answers 404 for another team's comment and changes nothing", async () => {
    const c = await comment(member, video, 'Not yours');
    expect((await call(commentsCalls.commentGetCall, { ...beta.ctx, commentId: c.commentId }, beta.token)).status).toBe(404);
    expect((await call(commentsCalls.commentReplyCall, { ...beta.ctx, commentId: c.commentId, body: 'Hijack' }, beta.token)).status).toBe(404);
    expect((await call(commentsCalls.commentDeleteCall, { ...beta.ctx, commentId: c.commentId }, beta.token)).status).toBe(404);
    expect((await adminList(beta)).some((i) => i.commentId === c.commentId)).toBe(false);
    const kept = await call(commentsCalls.commentGetCall, { ...alpha.ctx, commentId: c.commentId }, alpha.token);
    expect((kept.body as { comment: AdminComment }).comment).toMatchObject({ body: 'Not yours', replies: [] });
    // A member of another team reads nothing of this team's video either.
    const outsider = await newPerson(beta.teamId);
    expect((await call(commentsCalls.memberCommentListCall, { ...outsider.ctx, type: 'video', id: video }, outsider.token)).status).toBe(404);
  });
});

describe('comment notifications', () => {
  it("mails the analyst administrators with videoCommented on, and the author on a reply when videoReplyCommented is on", async () => {
    const team = await newOperator('Comments Mail');
    const [on, off, contents, author, quiet] = await Promise.all([
      newPerson(team.teamId, { role: 'admin', adminLevel: 'normal', categories: ['analyst'], name: 'On', notifications: { videoCommented: true } }),
      newPerson(team.teamId, { role: 'admin', adminLevel: 'normal', categories: ['analyst'], name: 'Off', notifications: { videoCommented: false } }),
      newPerson(team.teamId, { role: 'admin', adminLevel: 'normal', categories: ['contentsManager'], name: 'Contents' }),
      newPerson(team.teamId, { name: 'Author', notifications: { videoReplyCommented: true } }),
      newPerson(team.teamId, { name: 'Quiet', notifications: { videoReplyCommented: false } }),
    ]);
    const own = await readyVideo(team, publicForm('Mailed lesson'));

    const c = await comment(author, own, 'Tell the admins');
    const [toOn] = await mailsAbout(on.email, 'Mailed lesson');
    // The team registered in Japanese (operatorInput), so the mail is in Japanese.
    expect(toOn?.subject).toContain('コメント');
    expect(toOn?.body.text).toContain('Tell the admins');
    expect(toOn?.body.text).toContain(`/admin/comment/${c.commentId}/reply`);
    expect(await mailsAbout(off.email, 'Mailed lesson')).toEqual([]);
    expect(await mailsAbout(contents.email, 'Mailed lesson')).toEqual([]);
    expect((await mailsAbout(team.email, 'Mailed lesson')).length).toBe(1);

    const replied = await call(commentsCalls.commentReplyCall, { ...on.ctx, commentId: c.commentId, body: 'Here is the answer' }, on.token);
    expect(replied.status).toBe(200);
    const [toAuthor] = await mailsAbout(author.email, 'Mailed lesson');
    expect(toAuthor?.subject).toContain('返信');
    expect(toAuthor?.body.text).toContain('Here is the answer');
    expect(toAuthor?.body.text).toContain(`/user/${team.teamId}/video/${own}`);

    const q = await comment(quiet, own, 'Do not mail me back');
    expect((await call(commentsCalls.commentReplyCall, { ...on.ctx, commentId: q.commentId, body: 'Silent answer' }, on.token)).status).toBe(200);
    expect((await inbox(quiet.email)).some((m) => m.body.text?.includes('Silent answer'))).toBe(false);
  });

  it('writes mail in English for an English team', async () => {
    const team = await englishOperator('Comments English');
    const author = await newPerson(team.teamId, { name: 'Reader' });
    const own = await readyVideo(team, publicForm('English lesson'));
    const c = await comment(author, own, 'In English please');
    const [toOperator] = await mailsAbout(team.email, 'English lesson');
    expect(toOperator?.subject).toBe('[Comments English] New comment on English lesson');
    await call(commentsCalls.commentReplyCall, { ...team.ctx, commentId: c.commentId, body: 'Sure' }, team.token);
    const [toAuthor] = await mailsAbout(author.email, 'English lesson');
    expect(toAuthor?.subject).toBe('[Comments English] Your comment on English lesson got a reply');
  });
});

describe('in-app notices (videoCommented to the analysts, videoReplyCommented to the author)', () => {
  const feedback = (who: Person, input: Record<string, unknown> = {}) => call(feedbackNoticeListCall, { ...who.ctx, kind: 'videoComment', ...input }, who.token);
  const replies = async (who: Person) => {
    const res = await call(memberNoticeListCall, who.ctx, who.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body as Page<ReplyNotice>).items;
  };

  it('lists a comment for the analysts and a reply for its author only, newest first', async () => {
    const team = await newOperator('Notices Team');
    const [analyst, contents, author, other, quiet] = await Promise.all([
      newPerson(team.teamId, { role: 'admin', adminLevel: 'normal', categories: ['analyst'], name: 'Analyst' }),
      newPerson(team.teamId, { role: 'admin', adminLevel: 'normal', categories: ['contentsManager'], name: 'Contents' }),
      newPerson(team.teamId, { name: 'Author' }),
      newPerson(team.teamId, { name: 'Other' }),
      newPerson(team.teamId, { name: 'Quiet', notifications: { videoReplyCommented: false } }),
    ]);
    const own = await readyVideo(team, publicForm('Noticed lesson'));
    const first = await comment(author, own, 'First notice');
    const second = await comment(quiet, own, 'Second notice');

    const listed = await feedback(analyst);
    expect(listed.status).toBe(200);
    expect((listed.body as Page<CommentNotice>).items.map((n) => n.commentId)).toEqual([second.commentId, first.commentId]);
    expect((listed.body as Page<CommentNotice>).items[1]).toMatchObject({ contentType: 'video', contentId: own, contentTitle: 'Noticed lesson', userName: 'Author', body: 'First notice' });
    // Other kinds are their own lists.
    expect(((await feedback(analyst, { kind: 'liveEnqueteAnswer' })).body as Page<CommentNotice>).items).toEqual([]);

    for (const [body, fields] of [
      [{ kind: 'payment' }, { kind: 'validation/invalid_value' }],
      [{ kind: 'videoComment', limit: 0 }, { limit: expect.any(String) }],
    ] as const) {
      const res = await feedback(analyst, body);
      expect(res.status).toBe(400);
      expect(res.body.error?.fields).toEqual(fields);
    }
    expect((await feedback(contents)).status).toBe(403);
    expect((await feedback(author)).status).toBe(403);
    // Another team's analyst reads their own team's notices: none of these.
    expect(((await feedback(alpha)).body as Page<CommentNotice>).items.some((n) => n.commentId === first.commentId)).toBe(false);

    expect(await replies(author)).toEqual([]);
    for (const c of [first, second]) expect((await call(commentsCalls.commentReplyCall, { ...analyst.ctx, commentId: c.commentId, body: `Answer to ${c.body}` }, analyst.token)).status).toBe(200);
    const mine = await replies(author);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ commentId: first.commentId, contentType: 'video', contentId: own, contentTitle: 'Noticed lesson', reply: 'Answer to First notice' });
    expect(await replies(other)).toEqual([]);
    // Their setting off: no notice in the app either.
    expect(await replies(quiet)).toEqual([]);
  });
});
