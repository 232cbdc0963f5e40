import '../support/platform-env';
import { beforeAll, describe, expect, it } from 'vitest';
import { groupCreateCall, type GroupRow } from '../../../shared/api/calls/groups';
import { memberUpdateCall } from '../../../shared/api/calls/members';
import * as newsCalls from '../../../shared/api/calls/news';
import type { MemberNewsItem, NewsItem } from '../../../shared/api/calls/news';
import type { Page } from '../../../shared/api/page';
import { NEWS_CONTENT_MAX_LENGTH } from '../../../shared/constants';
import { call } from '../support/api';
import { newAdmin, newOperator, newPerson, type Person } from '../members/fixtures';

let alpha: Person;
let beta: Person;
let group: GroupRow;
let inGroup: Person;
let outside: Person;

const createGroup = async (who: Person, name: string) => {
  const res = await call(groupCreateCall, { ...who.ctx, name }, who.token);
  expect(res.status).toBe(200);
  return (res.body as { group: GroupRow }).group;
};

/** A member of `who`'s team, put into `groupIds` by the administrator (the way the product does it). */
const memberIn = async (who: Person, groupIds: string[]) => {
  const member = await newPerson(who.teamId);
  const res = await call(
    memberUpdateCall,
    { ...who.ctx, userId: member.userId, name: 'Member', phone: '', groupIds, disabled: false, expiresAt: null, customFields: {}, notifications: {}, managerOf: {} },
    who.token,
  );
  expect(res.status).toBe(200);
  return member;
};

const createNews = async (who: Person, input: { title: string; content: string; groupIds?: string[] }) => {
  const res = await call(newsCalls.newsCreateCall, { ...who.ctx, ...input }, who.token);
  expect(res.status).toBe(200);
  return (res.body as { news: NewsItem }).news;
};
const getNews = async (who: Person, newsId: string) => {
  const res = await call(newsCalls.newsGetCall, { ...who.ctx, newsId }, who.token);
  expect(res.status).toBe(200);
  return (res.body as { news: NewsItem }).news;
};
const memberList = async (who: Person, extra: Record<string, unknown> = {}) => {
  const res = await call(newsCalls.memberNewsListCall, { ...who.ctx, ...extra }, who.token);
  expect(res.status).toBe(200);
  return res.body as Page<MemberNewsItem>;
};

beforeAll(async () => {
  [alpha, beta] = await Promise.all([newOperator('Alpha'), newOperator('Beta')]);
  group = await createGroup(alpha, 'Premium');
  [inGroup, outside] = await Promise.all([memberIn(alpha, [group.groupId]), memberIn(alpha, [])]);
});

describe('news (admin)', () => {
  it('creates, gets, lists newest first, updates with the version and deletes', async () => {
    const first = await createNews(alpha, { title: 'First', content: 'Hello' });
    expect(first).toMatchObject({ title: 'First', content: 'Hello', groupIds: [], version: 1 });
    const second = await createNews(alpha, { title: 'Second', content: 'For the group', groupIds: [group.groupId] });
    expect(await getNews(alpha, second.newsId)).toEqual(second);

    const list = await call(newsCalls.newsListCall, alpha.ctx, alpha.token);
    expect(list.status).toBe(200);
    const ids = (list.body as Page<NewsItem>).items.map((n) => n.newsId);
    expect(ids.indexOf(second.newsId)).toBeLessThan(ids.indexOf(first.newsId));
    expect(ids.indexOf(first.newsId)).toBeGreaterThanOrEqual(0);

    const updated = await call(newsCalls.newsUpdateCall, { ...alpha.ctx, newsId: first.newsId, version: 1, title: 'First!', content: 'Changed', groupIds: [] }, alpha.token);
    expect(updated.status).toBe(200);
    expect((updated.body as { news: NewsItem }).news).toMatchObject({ title: 'First!', content: 'Changed', version: 2 });
    // An edit from the old version would overwrite the one just saved.
    const stale = await call(newsCalls.newsUpdateCall, { ...alpha.ctx, newsId: first.newsId, version: 1, title: 'Old', content: 'Old', groupIds: [] }, alpha.token);
    expect(stale.status).toBe(409);
    expect(stale.body.error).toEqual({ code: 'common/concurrent_update', fields: { version: 'validation/invalid_value' } });
    expect((await getNews(alpha, first.newsId)).title).toBe('First!');

    const deleted = await call(newsCalls.newsDeleteCall, { ...alpha.ctx, newsId: first.newsId }, alpha.token);
    expect(deleted.status).toBe(200);
    expect((await call(newsCalls.newsGetCall, { ...alpha.ctx, newsId: first.newsId }, alpha.token)).status).toBe(404);
    expect((await call(newsCalls.newsDeleteCall, { ...alpha.ctx, newsId: first.newsId }, alpha.token)).status).toBe(404);
  });

  it('pages the list with the cursor, every item once', async () => {
    const operator = await newOperator('Pages');
    const made = [];
    for (let i = 0; i < 5; i++) made.push((await createNews(operator, { title: `N${i}`, content: 'x' })).newsId);
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const res = await call(newsCalls.newsListCall, { ...operator.ctx, limit: 2, ...(cursor ? { cursor } : {}) }, operator.token);
      expect(res.status).toBe(200);
      const page = res.body as Page<NewsItem>;
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((n) => n.newsId));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual([...made].reverse());
  });

  it('refuses bad input naming the field (SPEC §5 content required, up to 1000)', async () => {
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ title: 'T', content: '' }, { content: 'validation/required' }],
      [{ title: 'T', content: '   ' }, { content: 'validation/required' }],
      [{ title: 'T', content: 'x'.repeat(NEWS_CONTENT_MAX_LENGTH + 1) }, { content: 'validation/news_content_too_long' }],
      [{ title: '', content: 'x' }, { title: 'validation/required' }],
      [{ title: 'T', content: 'x', groupIds: 'g' }, { groupIds: 'validation/invalid_value' }],
    ];
    for (const [input, fields] of cases) {
      const res = await call(newsCalls.newsCreateCall, { ...alpha.ctx, ...input }, alpha.token);
      expect(res.status).toBe(400);
      expect(res.body.error?.fields).toEqual(fields);
    }
    expect((await createNews(alpha, { title: 'Max', content: 'x'.repeat(NEWS_CONTENT_MAX_LENGTH) })).content).toHaveLength(NEWS_CONTENT_MAX_LENGTH);

    const news = await createNews(alpha, { title: 'Kept', content: 'Kept' });
    const tooLong = await call(
      newsCalls.newsUpdateCall,
      { ...alpha.ctx, newsId: news.newsId, version: 1, title: 'T', content: 'x'.repeat(NEWS_CONTENT_MAX_LENGTH + 1), groupIds: [] },
      alpha.token,
    );
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error?.fields).toEqual({ content: 'validation/news_content_too_long' });
    const noVersion = await call(newsCalls.newsUpdateCall, { ...alpha.ctx, newsId: news.newsId, title: 'T', content: 'c' }, alpha.token);
    expect(noVersion.status).toBe(400);
    expect(noVersion.body.error?.fields).toEqual({ version: 'validation/invalid_value' });
    for (const c of [newsCalls.newsGetCall, newsCalls.newsDeleteCall, newsCalls.memberNewsReadCall]) {
      const res = await call(c, { ...alpha.ctx, newsId: '' }, alpha.token);
      expect(res.status).toBe(400);
      expect(res.body.error?.fields).toEqual({ newsId: 'validation/invalid_value' });
    }
    const badLimit = await call(newsCalls.newsListCall, { ...alpha.ctx, limit: 0 }, alpha.token);
    expect(badLimit.status).toBe(400);
    expect(badLimit.body.error?.fields).toEqual({ limit: 'validation/invalid_value' });
    const badCursor = await call(newsCalls.memberNewsListCall, { ...inGroup.ctx, cursor: 'not-a-cursor' }, inGroup.token);
    expect(badCursor.status).toBe(400);
    expect(badCursor.body.error?.fields).toEqual({ cursor: 'validation/invalid_value' });
    expect((await getNews(alpha, news.newsId)).content).toBe('Kept');
  });

  it("refuses another team's group or an unknown one, naming the field", async () => {
    const theirs = await createGroup(beta, 'Beta group');
    for (const groupIds of [[theirs.groupId], [group.groupId, '01UNKNOWNGROUP']]) {
      const res = await call(newsCalls.newsCreateCall, { ...alpha.ctx, title: 'T', content: 'c', groupIds }, alpha.token);
      expect(res.status).toBe(400);
      expect(res.body.error?.fields).toEqual({ [`groupIds.${groupIds.length - 1}`]: 'validation/invalid_value' });
    }
    const news = await createNews(alpha, { title: 'Mine', content: 'c' });
    const res = await call(newsCalls.newsUpdateCall, { ...alpha.ctx, newsId: news.newsId, version: 1, title: 'T', content: 'c', groupIds: [theirs.groupId] }, alpha.token);
    expect(res.status).toBe(400);
    expect(res.body.error?.fields).toEqual({ 'groupIds.0': 'validation/invalid_value' });
    expect((await getNews(alpha, news.newsId)).groupIds).toEqual([]);
  });

  it('answers 403 to a member and to an administrator without user management on every admin call', async () => {
    const news = await createNews(alpha, { title: 'Guarded', content: 'c' });
    const contents = await newAdmin(alpha.teamId, ['contentsManager', 'designer', 'analyst', 'payingManager', 'siteManager']);
    for (const who of [contents, outside]) {
      const attempts = [
        call(newsCalls.newsListCall, who.ctx, who.token),
        call(newsCalls.newsGetCall, { ...who.ctx, newsId: news.newsId }, who.token),
        call(newsCalls.newsCreateCall, { ...who.ctx, title: 'T', content: 'c' }, who.token),
        call(newsCalls.newsUpdateCall, { ...who.ctx, newsId: news.newsId, version: 1, title: 'Hijack', content: 'c', groupIds: [] }, who.token),
        call(newsCalls.newsDeleteCall, { ...who.ctx, newsId: news.newsId }, who.token),
      ];
      for (const res of await Promise.all(attempts)) {
        expect(res.status).toBe(403);
        expect(res.body.error?.code).toBe('common/no_operation_authority');
      }
    }
    expect(await getNews(alpha, news.newsId)).toEqual(news);
    // A user manager who is not the operator may.
    const userManager = await newAdmin(alpha.teamId, ['userManager']);
    expect((await call(newsCalls.newsGetCall, { ...userManager.ctx, newsId: news.newsId }, userManager.token)).status).toBe(200);
  });

  it("another team's news ids answer 404 and change nothing", async () => {
    const theirs = await createNews(beta, { title: 'Beta news', content: 'secret' });
    const attempts = [
      call(newsCalls.newsGetCall, { ...alpha.ctx, newsId: theirs.newsId }, alpha.token),
      call(newsCalls.newsUpdateCall, { ...alpha.ctx, newsId: theirs.newsId, version: 1, title: 'Hijack', content: 'c', groupIds: [] }, alpha.token),
      call(newsCalls.newsDeleteCall, { ...alpha.ctx, newsId: theirs.newsId }, alpha.token),
      call(newsCalls.memberNewsReadCall, { ...inGroup.ctx, newsId: theirs.newsId }, inGroup.token),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBe(404);
      expect(res.body.error?.code).toBe('common/not_found');
      expect(JSON.stringify(res.body)).not.toContain('secret');
    }
    expect(await getNews(beta, theirs.newsId)).toEqual(theirs);
    const list = await call(newsCalls.newsListCall, alpha.ctx, alpha.token);
    expect((list.body as Page<NewsItem>).items.map((n) => n.newsId)).not.toContain(theirs.newsId);
    expect((await memberList(inGroup)).items.map((n) => n.newsId)).not.toContain(theirs.newsId);
    // A cursor from another team's list is refused.
    const betaPage = await call(newsCalls.newsListCall, { ...beta.ctx, limit: 1 }, beta.token);
    await createNews(beta, { title: 'Beta 2', content: 'c' });
    const betaCursor = (await call(newsCalls.newsListCall, { ...beta.ctx, limit: 1 }, beta.token)).body as Page<NewsItem>;
    expect(betaPage.status).toBe(200);
    expect(betaCursor.nextCursor).toBeDefined();
    const forged = await call(newsCalls.newsListCall, { ...alpha.ctx, cursor: betaCursor.nextCursor }, alpha.token);
    expect(forged.status).toBe(400);
    expect(forged.body.error?.fields).toEqual({ cursor: 'validation/invalid_value' });
  });
});

describe('news (members)', () => {
  it('shows group news only inside the group, unread until read; reading twice is one read', async () => {
    const everyone = await createNews(alpha, { title: 'For everyone', content: 'All' });
    const groupOnly = await createNews(alpha, { title: 'Group only', content: 'Premium' });
    const limited = await call(
      newsCalls.newsUpdateCall,
      { ...alpha.ctx, newsId: groupOnly.newsId, version: 1, title: 'Group only', content: 'Premium', groupIds: [group.groupId] },
      alpha.token,
    );
    expect(limited.status).toBe(200);

    const insideList = (await memberList(inGroup)).items;
    const insideIds = insideList.map((n) => n.newsId);
    expect(insideIds).toContain(everyone.newsId);
    expect(insideIds.indexOf(groupOnly.newsId)).toBeLessThan(insideIds.indexOf(everyone.newsId));
    expect(insideList.find((n) => n.newsId === groupOnly.newsId)).toEqual({
      newsId: groupOnly.newsId,
      title: 'Group only',
      content: 'Premium',
      createdAt: groupOnly.createdAt,
      unread: true,
    });

    const outsideIds = (await memberList(outside)).items.map((n) => n.newsId);
    expect(outsideIds).toContain(everyone.newsId);
    expect(outsideIds).not.toContain(groupOnly.newsId);
    const refused = await call(newsCalls.memberNewsReadCall, { ...outside.ctx, newsId: groupOnly.newsId }, outside.token);
    expect(refused.status).toBe(404);
    expect(refused.body.error?.code).toBe('common/not_found');

    for (let i = 0; i < 2; i++) {
      const read = await call(newsCalls.memberNewsReadCall, { ...inGroup.ctx, newsId: groupOnly.newsId }, inGroup.token);
      expect(read.status).toBe(200);
      expect(read.body).toEqual({});
    }
    const after = (await memberList(inGroup)).items;
    expect(after.find((n) => n.newsId === groupOnly.newsId)?.unread).toBe(false);
    expect(after.find((n) => n.newsId === everyone.newsId)?.unread).toBe(true);
    // Another member's read mark is theirs only.
    const other = await memberIn(alpha, [group.groupId]);
    expect((await memberList(other)).items.find((n) => n.newsId === groupOnly.newsId)?.unread).toBe(true);
  });

  it("pages a member's list past news of other groups, every visible item once", async () => {
    const operator = await newOperator('Member pages');
    const [mine, theirs] = [await createGroup(operator, 'Mine'), await createGroup(operator, 'Theirs')];
    const member = await memberIn(operator, [mine.groupId]);
    const visible: string[] = [];
    for (let i = 0; i < 6; i++) {
      const groupIds = i % 3 === 0 ? [] : i % 3 === 1 ? [mine.groupId] : [theirs.groupId];
      const news = await createNews(operator, { title: `N${i}`, content: 'c', groupIds });
      if (i % 3 !== 2) visible.push(news.newsId);
    }
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await memberList(member, { limit: 2, ...(cursor ? { cursor } : {}) });
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((n) => n.newsId));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual([...visible].reverse());
  });

  it('an administrator who is not a member of the group does not see its news in the member list', async () => {
    const groupNews = await createNews(alpha, { title: 'Premium only', content: 'c', groupIds: [group.groupId] });
    const everyone = await createNews(alpha, { title: 'Everyone', content: 'c' });
    const ids = (await memberList(alpha)).items.map((n) => n.newsId);
    expect(ids).toContain(everyone.newsId);
    expect(ids).not.toContain(groupNews.newsId);
  });

  it('refuses member calls without a session of the team', async () => {
    // Beta's operator naming Alpha's team context: the operated ids must be the caller's own.
    const foreign = await call(newsCalls.memberNewsListCall, { ...alpha.ctx }, beta.token);
    expect([401, 403]).toContain(foreign.status);
    expect(JSON.stringify(foreign.body)).not.toContain('items');
    expect((await call(newsCalls.memberNewsListCall, { ...inGroup.ctx })).status).toBe(401);
    expect((await call(newsCalls.memberNewsReadCall, { ...inGroup.ctx, newsId: group.groupId })).status).toBe(401);
  });
});
