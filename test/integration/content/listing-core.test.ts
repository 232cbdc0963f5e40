import '../support/platform-env';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTagCall } from '../../../shared/api/calls/categories';
import { listMemberContentCall, type ContentListPage } from '../../../shared/api/calls/content-lists';
import { listRows, saveListed } from '../../../lambdas/core/entities/list-rows';
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

async function allPages(who: Caller, limit: number, order?: 'older'): Promise<{ sizes: number[]; ids: string[] }> {
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
