/**
 * Member video list figures (DESIGN §6: a page costs the same reads whatever the team size): two teams with
 * 100 and 10,000 listed videos, one in five for every member and the rest limited to one of 50 groups, written
 * directly in batches (exactly the items saveVideoOps and the listing core's rows produce for each). A member in
 * 1 of the 50 groups: page 1 of the newer list, its Queries metered with ReturnConsumedCapacity (meteredReads in db.ts,
 * one per audience partition) and /member_content/list timed through the API, the two teams alternating.
 */
import { performance } from 'node:perf_hooks';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { listRows, listRowsOf } from '../lambdas/core/entities/list-rows';
import { listingEntryOf, newVideoBase, saveVideoOps } from '../lambdas/core/entities/video';
import { outputPrefix } from '../lambdas/media/video-upload';
import { localCredentials } from '../lambdas/platform/config';
import { meteredReads, type Item } from '../lambdas/platform/db';
import { OUTPUT_BASENAME, THUMBNAIL_BASENAME } from '../lambdas/platform/transcoder/ladder';
import { addGroupMember, batchWrite, benchGroupId as groupId, GROUP_COUNT, registerTeam, timeInTurns, type Figure } from './support';

const PAGE_LIMIT = 20;
const ROUNDS = 40;

/**
 * The items of `count` listed videos (public, version 1 current with its playback keys), newest released last;
 * every fifth for every member, the others limited to one of the 50 groups in turn. saveVideoOps of a new video
 * with no category, tag or creator is all puts (the record and one title search row; the record's not-exists
 * condition is dropped, the ids being new), then the list rows the listing core projects. The version records
 * are not written: no list reads them.
 */
function listedVideoItems(teamId: string, count: number): Item[] {
  const start = Date.parse('2024-01-01T00:00:00Z');
  const items: Item[] = [];
  for (let i = 0; i < count; i++) {
    const at = new Date(start + i * 1000);
    const videoId = ulid(at.getTime());
    const prefix = outputPrefix(teamId, videoId, ulid(at.getTime()));
    const video = {
      ...newVideoBase(videoId, at),
      groupIds: i % 5 === 0 ? [] : [groupId(i % GROUP_COUNT)],
      title: `Video${String(i).padStart(5, '0')}`,
      status: 'public' as const,
      uploadState: 'ready' as const,
      currentVersion: 1,
      durationSeconds: 20,
      playback: { masterPlaylistKey: `${prefix}/${OUTPUT_BASENAME}.m3u8`, thumbnailKey: `${prefix}/${THUMBNAIL_BASENAME}.jpg` },
    };
    for (const op of saveVideoOps(teamId, undefined, video)) {
      if (!('put' in op)) throw new Error('saveVideoOps of a new uncategorised video should only put items');
      items.push(op.put);
    }
    items.push(...listRowsOf(teamId, listingEntryOf({ ...video, version: 1 })));
  }
  return items;
}

const SIZES = [100, 10_000] as const;

export async function videoListFigures(ctx: { baseUrl: string; env: Record<string, string> }): Promise<Figure[]> {
  const { baseUrl, env } = ctx;
  const doc = DynamoDBDocumentClient.from(new DynamoDBClient({ region: env.AWS_REGION, endpoint: env.DYNAMODB_ENDPOINT, credentials: localCredentials }));
  const table = env.TABLE_NAME;
  const teams: { size: number; teamId: string; member: { userId: string; token: string }; seedSeconds: number }[] = [];
  for (const size of SIZES) {
    const team = await registerTeam(baseUrl, env, `videos-${size}`);
    const member = await addGroupMember(env, team.teamId, `video-member-${size}`);
    const seeded = performance.now();
    await batchWrite(doc, table, listedVideoItems(team.teamId, size));
    teams.push({ size, teamId: team.teamId, member, seedSeconds: (performance.now() - seeded) / 1000 });
  }

  const newer = async (team: (typeof teams)[number]) => {
    const res = await fetch(`${baseUrl}/api/member_content/list`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${team.member.token}` },
      body: JSON.stringify({ operatedTeamId: team.teamId, operatedUserId: team.member.userId, limit: PAGE_LIMIT }),
    });
    if (res.status !== 200) throw new Error(`member_content/list answered ${res.status}: ${await res.text()}`);
    const rows = ((await res.json()) as { items: unknown[] }).items.length;
    if (rows !== PAGE_LIMIT) throw new Error(`member_content/list listed ${rows} videos, expected a full page of ${PAGE_LIMIT}`);
  };
  // The two teams alternate, so whatever else the machine does weighs on both alike.
  const medians = await timeInTurns(teams, ROUNDS, newer);

  const figures: Figure[] = [];
  const units: number[] = [];
  const rowsRead: number[] = [];
  for (const [i, team] of teams.entries()) {
    // Page 1 of this member's list as /member_content/list reads it: the ALL partition, then their group's.
    const { result, reads } = await meteredReads(() =>
      listRows(team.teamId, { area: 'member', type: 'video', scope: 'all', audiences: ['all', { groupId: groupId(1) }], limit: PAGE_LIMIT, now: new Date() }),
    );
    if (result.items.length !== PAGE_LIMIT) throw new Error(`listRows listed ${result.items.length} videos, expected a full page of ${PAGE_LIMIT}`);
    const page = { units: reads.units, items: reads.items };
    units.push(page.units);
    rowsRead.push(page.items);
    const n = team.size.toLocaleString('en');
    figures.push(
      [`member video list page 1 (${n} videos, member in 1 of ${GROUP_COUNT} groups): /member_content/list median`, `${medians[i].toFixed(1)} ms`, ''],
      [`member video list page 1 (${n} videos): read units`, `${page.units} RCU, ${reads.queries} Queries, ${page.items} rows read`, 'one Query per audience partition'],
      [`member video list seeding (${n} videos, batch writes)`, `${team.seedSeconds.toFixed(1)} s`, ''],
    );
  }
  // Each audience partition holds only what its members may see, and the group's is read only down to the last
  // row of the ALL partition's page, so a page reads about one page of rows whatever the team's size.
  const bound = 2 * PAGE_LIMIT;
  figures.push(
    ['member video list read units, 10,000 vs 100 videos', `${units[1]} vs ${units[0]} RCU`, 'no growth with team size'],
    [
      'member video list rows read, 10,000 vs 100 videos',
      `${rowsRead[1]} vs ${rowsRead[0]} (bound ${bound}: ${rowsRead.every((r) => r <= bound) ? 'held' : 'EXCEEDED'})`,
      `≤ ${bound} (2 partitions × ${PAGE_LIMIT})`,
    ],
  );
  return figures;
}
