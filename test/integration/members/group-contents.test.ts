import '../support/platform-env';
import { beforeAll, describe, expect, it } from 'vitest';
import * as groupsCalls from '../../../shared/api/calls/groups';
import type { GroupContentRow, GroupRow } from '../../../shared/api/calls/groups';
import { createArticleCall } from '../../../shared/api/calls/articles';
import type { Page } from '../../../shared/api/page';
import { newOperator, newPerson, type Caller } from '../content/people';
import { readyVideo } from '../content/ready-videos';
import { call } from '../support/api';

/** SPEC §3 Group "viewable videos": /group/contents lists what is limited to the group, from its list rows. */
let alpha: Caller;
let group: GroupRow;
const ids: Record<string, string> = {};

const newGroup = async (who: Caller, name: string) => {
  const res = await call(groupsCalls.groupCreateCall, { ...who.ctx, name }, who.token);
  expect(res.status).toBe(200);
  return (res.body as { group: GroupRow }).group;
};
const contents = (who: Caller, input: Record<string, unknown>) => call(groupsCalls.groupContentsCall, { ...who.ctx, ...input }, who.token);
const hours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();

beforeAll(async () => {
  alpha = await newOperator('Group contents');
  group = await newGroup(alpha, 'Premium');
  const other = await newGroup(alpha, 'Other');
  ids.limited = await readyVideo(alpha, { title: 'Limited lesson', status: 'public', releasedAt: '2024-03-01T00:00:00Z' }, [group.groupId]);
  ids.twoGroups = await readyVideo(alpha, { title: 'Shared lesson', status: 'public', releasedAt: '2024-02-01T00:00:00Z' }, [other.groupId, group.groupId]);
  ids.later = await readyVideo(
    alpha,
    { title: 'Next month', status: 'publicationPeriod', publicationStart: hours(24 * 30), publicationEnd: hours(24 * 60), releasedAt: '2024-01-01T00:00:00Z' },
    [group.groupId],
  );
  await readyVideo(alpha, { title: 'For everyone', status: 'public', releasedAt: '2024-04-01T00:00:00Z' });
  await readyVideo(alpha, { title: 'Other group only', status: 'public', releasedAt: '2024-04-02T00:00:00Z' }, [other.groupId]);
  await readyVideo(alpha, { title: 'Private limited', status: 'private', releasedAt: '2024-04-03T00:00:00Z' }, [group.groupId]);
  await readyVideo(alpha, { title: 'Hidden limited', status: 'public', isListHidden: true, releasedAt: '2024-04-04T00:00:00Z' }, [group.groupId]);
  const article = await call(
    createArticleCall,
    { ...alpha.ctx, title: 'Members article', status: 'public', releasedAt: '2024-05-01T00:00:00Z', groupIds: [group.groupId], fields: { html: '<p>Hello</p>' } },
    alpha.token,
  );
  expect(article.status, JSON.stringify(article.body)).toBe(200);
  ids.article = (article.body as { id: string }).id;
});

describe('/group/contents', () => {
  it('lists the listed content limited to the group, every type, newest release first, paged', async () => {
    const res = await contents(alpha, { groupId: group.groupId });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const page = res.body as Page<GroupContentRow>;
    expect(page.items.map((r) => [r.contentType, r.title])).toEqual([
      ['article', 'Members article'],
      ['video', 'Limited lesson'],
      ['video', 'Shared lesson'],
      ['video', 'Next month'],
    ]);
    expect(page.items.map((r) => r.id)).toEqual([ids.article, ids.limited, ids.twoGroups, ids.later]);
    expect(page.items[3].publicationPeriod).toEqual({ start: expect.any(String), end: expect.any(String) });
    expect(page.nextCursor).toBeUndefined();

    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const next = await contents(alpha, { groupId: group.groupId, limit: 3, ...(cursor ? { cursor } : {}) });
      expect(next.status).toBe(200);
      const p = next.body as Page<GroupContentRow>;
      expect(p.items.length).toBeLessThanOrEqual(3);
      seen.push(...p.items.map((r) => r.id));
      cursor = p.nextCursor;
    } while (cursor);
    expect(seen).toEqual([ids.article, ids.limited, ids.twoGroups, ids.later]);
  });

  it('answers an empty page for a group nothing is limited to', async () => {
    const empty = await newGroup(alpha, 'Empty');
    const res = await contents(alpha, { groupId: empty.groupId });
    expect(res.body).toEqual({ items: [] });
  });

  it('answers 400 on the field', async () => {
    const bad = await contents(alpha, { groupId: 'not an id' });
    expect(bad.status).toBe(400);
    expect(bad.body.error?.fields).toMatchObject({ groupId: expect.stringMatching(/^validation\//) });
    const limit = await contents(alpha, { groupId: group.groupId, limit: 0 });
    expect(limit.body.error?.fields).toMatchObject({ limit: 'validation/invalid_value' });
    const cursor = await contents(alpha, { groupId: group.groupId, cursor: 'garbage' });
    expect(cursor.status).toBe(400);
  });

  it('refuses a member and an administrator without the user-manager category', async () => {
    const someone = await newPerson(alpha.teamId, 'member');
    const contentsManager = await newPerson(alpha.teamId, 'admin', ['contentsManager']);
    for (const who of [someone, contentsManager]) {
      const res = await contents(who, { groupId: group.groupId });
      expect(res.status).toBe(403);
      expect(res.body.error?.code).toBe('common/no_operation_authority');
    }
    const users = await newPerson(alpha.teamId, 'admin', ['userManager']);
    expect((await contents(users, { groupId: group.groupId })).status).toBe(200);
  });

  it("answers another team's group as not found, and refuses another team's operated ids", async () => {
    const beta = await newOperator('Other team');
    const theirs = await contents(beta, { groupId: group.groupId });
    expect(theirs.status).toBe(404);
    expect(theirs.body.error).toEqual({ code: 'common/not_found' });
    const cross = await call(groupsCalls.groupContentsCall, { ...alpha.ctx, groupId: group.groupId }, beta.token);
    expect(cross.status).toBe(403);
  });
});
