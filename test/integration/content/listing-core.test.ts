import '../support/platform-env';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTagCall } from '../../../shared/api/calls/categories';
import { listMemberContentCall, type ContentListPage } from '../../../shared/api/calls/content-lists';
import { listRows, saveListed, titleSortText } from '../../../lambdas/core/entities/list-rows';
import { orderOf, type ListSort, type SortOrder } from '../../../shared/rules/list-sort';
import { commitVideo, getVideo, listingEntryOf, newVideoBase, rewriteVideo } from '../../../lambdas/core/entities/video';
import { call } from '../support/api';
import { newOperator, type Caller } from './people';
import { newMember } from './ready-videos';

/**
 * The listing core with a team whose videos are mostly limited to groups the reader is not in: a member's pages
 * are full however the team's videos spread over groups, and concurrent saves leave exactly the rows of the
 * last one.
 */
const GROUPS = ['01GROUPCORE000000000000001', '01GROUPCORE000000000000002', '01GROUPCORE000000000000003'];
const at = (i: number) => new Date(Date.UTC(2024, 0, 1) + i * 60_000);
const video = (i: number, groupIds: string[], tagIds: string[] = []) => ({
  ...newVideoBase(`01CORE${String(i).padStart(20, '0')}`, at(i)),
  title: `Core ${i}`,
  status: 'public' as const,
  currentVersion: 1,
  releasedAt: at(i).toISOString(),
  groupIds,
  tagIds,
});

let team: Caller;
/** Newest first, what a member of group 1 may see; and what a member of groups 1 and 2 may see. */
let forGroup1: string[];
let forGroups12: string[];

beforeAll(async () => {
  team = await newOperator('Listing Core');
  // 0..59: every 4th for everyone, the others spread over the three groups; one in groups 1 and 2 at once.
  const videos = Array.from({ length: 60 }, (_, i) => video(i, i % 4 === 0 ? [] : i === 7 ? [GROUPS[0], GROUPS[1]] : [GROUPS[i % 3]]));
  for (let i = 0; i < videos.length; i += 20) await Promise.all(videos.slice(i, i + 20).map((v) => commitVideo(team.teamId, undefined, v)));
  const newestFirst = [...videos].reverse();
  forGroup1 = newestFirst.filter((v) => v.groupIds.length === 0 || v.groupIds.includes(GROUPS[0])).map((v) => v.videoId);
  forGroups12 = newestFirst.filter((v) => v.groupIds.length === 0 || v.groupIds.some((g) => g === GROUPS[0] || g === GROUPS[1])).map((v) => v.videoId);
}, 60_000);

async function allPages(who: Caller, limit: number, order?: SortOrder): Promise<{ sizes: number[]; ids: string[] }> {
  const sizes: number[] = [];
  const ids: string[] = [];
  let cursor: string | undefined;
  do {
    const res = await call(listMemberContentCall, { ...who.ctx, limit, ...(order ? { order } : {}), ...(cursor ? { cursor } : {}) }, who.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const page = res.body as ContentListPage;
    sizes.push(page.items.length);
    ids.push(...page.items.map((c) => c.id));
    cursor = page.nextCursor;
  } while (cursor && sizes.length < 40);
  return { sizes, ids };
}

describe('member lists over group partitions', () => {
  it('gives a member of one group full pages of exactly what they may see, newest first', async () => {
    const member = await newMember(team.teamId, [GROUPS[0]]);
    const { sizes, ids } = await allPages(member, 10);
    expect(ids).toEqual(forGroup1);
    // Every page is full but the last.
    expect(sizes.slice(0, -1).every((n) => n === 10)).toBe(true);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(forGroup1.length);
  });

  it('stays exact when the group partitions are read only down to the ALL page (small pages, many cursors)', async () => {
    for (const [groups, expected] of [
      [[GROUPS[0]], forGroup1],
      [[GROUPS[0], GROUPS[1]], forGroups12],
    ] as const) {
      const member = await newMember(team.teamId, [...groups]);
      for (const limit of [3, 4]) {
        const { sizes, ids } = await allPages(member, limit);
        expect(ids).toEqual(expected);
        expect(sizes.slice(0, -1).every((n) => n === limit)).toBe(true);
        // Oldest first: the same rows in reverse, bounded the other way.
        const older = await allPages(member, limit, 'older');
        expect(older.ids).toEqual([...expected].reverse());
        expect(older.sizes.slice(0, -1).every((n) => n === limit)).toBe(true);
      }
    }
  });

  it('lists a video in two of the member groups once', async () => {
    const member = await newMember(team.teamId, [GROUPS[0], GROUPS[1]]);
    const { sizes, ids } = await allPages(member, 7);
    expect(ids).toEqual(forGroups12);
    expect(new Set(ids).size).toBe(ids.length);
    expect(sizes.slice(0, -1).every((n) => n === 7)).toBe(true);
  });

  it('refuses a cursor position that is not a sort key', async () => {
    const member = await newMember(team.teamId, [GROUPS[0]]);
    const forged = Buffer.from(JSON.stringify({ ALL: 'T#OTHERTEAM#VIDEO' })).toString('base64url');
    const res = await call(listMemberContentCall, { ...member.ctx, cursor: forged }, member.token);
    expect(res.status).toBe(400);
    expect(res.body.error?.fields).toEqual({ cursor: 'validation/invalid_value' });
  });
});

describe('every sort of SPEC §9 over group partitions', () => {
  // Creation, release, update and title each order the videos differently; the member of group 1 sees the
  // videos for everyone and group 1's. Titles mix cases, widths, kana and a length past the sort key's.
  const TITLES = ['beta', 'Alpha', 'ｇａｍｍａ', 'かきく', 'カあ', 'delta', 'Zulu', 'epsilon', '0 first', 'ñu', 'x'.repeat(80) + 'b', 'x'.repeat(80) + 'a'];
  const minutes = (i: number, step: number) => new Date(Date.UTC(2025, 0, 1) + ((i * step) % 13) * 60_000).toISOString();
  let sortTeam: Caller;
  let member: Caller;
  let visible: { videoId: string; createdAt: string; releasedAt: string; updatedAt: string; title: string }[];

  beforeAll(async () => {
    sortTeam = await newOperator('Listing Sorts');
    const videos = TITLES.map((title, i) => ({
      ...newVideoBase(`01SORT${String(i).padStart(20, '0')}`, new Date(minutes(i, 1))),
      title,
      status: 'public' as const,
      currentVersion: 1,
      releasedAt: minutes(i, 5),
      updatedAt: minutes(i, 8),
      groupIds: i % 2 === 0 ? [] : [GROUPS[i % 4 === 1 ? 0 : 1]],
    }));
    await Promise.all(videos.map((v) => commitVideo(sortTeam.teamId, undefined, v)));
    visible = videos.filter((v) => v.groupIds.length === 0 || v.groupIds.includes(GROUPS[0]));
    member = await newMember(sortTeam.teamId, [GROUPS[0]]);
  }, 60_000);

  const bytes = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));
  const expected = (sort: ListSort) => {
    const value = (v: (typeof visible)[number]) =>
      sort.key === 'created' ? v.createdAt : sort.key === 'updated' ? v.updatedAt : sort.key === 'releaseDate' ? v.releasedAt : `${titleSortText(v.title)}#VIDEO#${v.videoId}`;
    const ordered = [...visible].sort((a, b) => bytes(value(a), value(b))).map((v) => v.videoId);
    return sort.direction === 'asc' ? ordered : ordered.reverse();
  };

  it('pages each sort in both directions exactly, with full pages', async () => {
    for (const key of ['releaseDate', 'created', 'updated', 'title'] as const) {
      for (const direction of ['asc', 'desc'] as const) {
        const sort = { key, direction };
        const want = expected(sort);
        for (const limit of [2, 5]) {
          const { sizes, ids } = await allPages(member, limit, orderOf(sort));
          expect(ids, `${key} ${direction} by ${limit}`).toEqual(want);
          expect(sizes.slice(0, -1).every((n) => n === limit)).toBe(true);
        }
      }
    }
  }, 60_000);

  it('follows an update: the update date sort moves the saved video first', async () => {
    const target = visible[visible.length - 1];
    await rewriteVideo(sortTeam.teamId, target.videoId, (v) => ({ video: { ...v, updatedAt: '2026-01-01T00:00:00.000Z' } }));
    const { ids } = await allPages(member, 3, 'updatedDesc');
    expect(ids[0]).toBe(target.videoId);
    expect([...ids].sort()).toEqual(visible.map((v) => v.videoId).sort());
  });

  it("refuses a cursor of one sort given to another (a position in the other index's form)", async () => {
    const first = await call(listMemberContentCall, { ...member.ctx, limit: 2, order: 'titleAsc' }, member.token);
    expect(first.status).toBe(200);
    const cursor = (first.body as ContentListPage).nextCursor;
    expect(cursor).toBeDefined();
    const crossed = await call(listMemberContentCall, { ...member.ctx, limit: 2, order: 'newer', cursor }, member.token);
    expect(crossed.status).toBe(400);
    expect(crossed.body.error?.fields).toEqual({ cursor: 'validation/invalid_value' });
    const unknown = await call(listMemberContentCall, { ...member.ctx, order: 'amountAsc' }, member.token);
    expect(unknown.status).toBe(400);
    expect(unknown.body.error?.fields).toEqual({ order: 'validation/invalid_value' });
  });
});

describe('list rows under concurrent saves', () => {
  it('end as the rows of the last saved state', async () => {
    const tags = await Promise.all(
      ['A', 'B', 'C', 'D'].map(async (name) => {
        const res = await call(createTagCall, { ...team.ctx, name }, team.token);
        expect(res.status).toBe(200);
        return (res.body as { id: string }).id;
      }),
    );
    const videoId = (await commitVideo(team.teamId, undefined, video(100, [], [tags[0]]))).videoId;
    // Some saves may give up after their retries (another save kept coming first); whatever landed last counts.
    await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) => rewriteVideo(team.teamId, videoId, (v) => ({ video: { ...v, tagIds: [tags[i % tags.length]], groupIds: i % 2 ? [GROUPS[2]] : [] } }))),
    );
    const final = (await getVideo(team.teamId, videoId, true))!;
    const listedIn = async (tagId: string, audience: 'all' | { groupId: string }) =>
      (await listRows(team.teamId, { area: 'member', type: 'video', scope: { kind: 'tag', id: tagId }, audiences: [audience], limit: 50, now: new Date() })).items.some(
        (r) => r.id === videoId,
      );
    for (const tag of tags) {
      const here = final.tagIds.includes(tag);
      expect(await listedIn(tag, 'all')).toBe(here && final.groupIds.length === 0);
      expect(await listedIn(tag, { groupId: GROUPS[2] })).toBe(here && final.groupIds.includes(GROUPS[2]));
    }
  }, 60_000);
});

describe('saving fails closed', () => {
  const memberSees = async (videoId: string) =>
    (await listRows(team.teamId, { area: 'member', type: 'video', scope: 'all', audiences: ['all'], limit: 50, now: new Date() })).items.some((r) => r.id === videoId);

  it('takes rows away before the transaction, and puts them back when the transaction fails', async () => {
    const saved = await commitVideo(team.teamId, undefined, video(200, []));
    expect(await memberSees(saved.videoId)).toBe(true);
    const current = async () => {
      const v = await getVideo(team.teamId, saved.videoId, true);
      return v && listingEntryOf(v);
    };
    const limited = { ...saved, groupIds: [GROUPS[0]], version: saved.version + 1 };
    let seenDuringCommit: boolean | undefined;
    // The transaction sees the item already gone from the lists it is leaving; then it fails.
    await expect(
      saveListed(team.teamId, listingEntryOf(saved), listingEntryOf(limited), async () => {
        seenDuringCommit = await memberSees(saved.videoId);
        throw new Error('the transaction failed');
      }, current),
    ).rejects.toThrow('the transaction failed');
    expect(seenDuringCommit).toBe(false);
    // Nothing was saved: the rows are back as the stored video has them.
    expect(await memberSees(saved.videoId)).toBe(true);
  });
});
