/**
 * The combined newer list (every content type merged, SPEC §2 combined lists) at 100 and 10,000 items of mixed
 * types: two teams whose items rotate through video, PDF, article, playlist, live and event, one in five for every
 * member and the rest limited to one of 50 groups, written directly in batches (exactly the items the entity
 * modules' save ops and the listing core's rows produce for each). A member in 1 of the 50 groups: page 1 of
 * `/member_content/list` with `type: 'all'`, its Queries metered (meteredReads in db.ts) and the call timed through
 * the API, the two teams alternating. The same read units at both sizes is the figure.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import type { ContentItem, ContentItemType } from '../shared/api/calls/content-items';
import { listingEntryOf as itemListingEntry, saveItemOps } from '../lambdas/core/entities/content-item';
import { itemRulesOf } from '../lambdas/content/items/item-rules';
import { listRows, listRowsOf } from '../lambdas/core/entities/list-rows';
import { listingEntryOf as videoListingEntry, newVideoBase, saveVideoOps } from '../lambdas/core/entities/video';
import { localCredentials } from '../lambdas/platform/config';
import { meteredReads, type Item, type TransactOp } from '../lambdas/platform/db';
import { addGroupMember, batchWrite, benchGroupId as groupId, GROUP_COUNT, registerTeam, timeInTurns, type Figure } from './support';

const PAGE_LIMIT = 20;
const ROUNDS = 40;
const itemTypes: readonly ContentItemType[] = ['pdf', 'article', 'playlist', 'live', 'event'];

/** The `fields` each type's rules need to call an item ready (what its list rows depend on). */
const readyFields: Record<ContentItemType, unknown> = {
  pdf: { fileKey: 'T/bench/files/pdf/BENCH.pdf', pageCount: 3, accessScope: 'private' },
  article: { html: '<p>Bench</p>' },
  playlist: { videoIds: ['01BENCHVIDEO00000000000001'] },
  live: { platform: 'other', meetingId: '', passcode: '', url: 'https://example.com/live', startAt: '2030-01-01T00:00:00.000Z', endAt: '2030-01-01T01:00:00.000Z' },
  event: {
    format: 'application',
    applicationStart: '2024-01-01T00:00:00.000Z',
    applicationEnd: '2030-01-01T00:00:00.000Z',
    holdStart: '2030-01-02T00:00:00.000Z',
    holdEnd: '2030-01-03T00:00:00.000Z',
    contents: [{ type: 'video', id: '01BENCHVIDEO00000000000001' }],
  },
};

const puts = (ops: TransactOp[]): Item[] =>
  ops.map((op) => {
    if (!('put' in op)) throw new Error('the save of a new item with no category, tag, creator or file should only put items');
    return op.put;
  });

/** `count` listed items, the sixth of each six a video, the others the item types in turn; newest released last. */
function mixedItems(teamId: string, count: number): Item[] {
  const start = Date.parse('2024-01-01T00:00:00Z');
  const items: Item[] = [];
  for (let i = 0; i < count; i++) {
    const at = new Date(start + i * 1000);
    const id = ulid(at.getTime());
    const groupIds = i % 5 === 0 ? [] : [groupId(i % GROUP_COUNT)];
    const title = `Item${String(i).padStart(5, '0')}`;
    if (i % 6 === 5) {
      const video = { ...newVideoBase(id, at), groupIds, title, status: 'public' as const, uploadState: 'ready' as const, currentVersion: 1, durationSeconds: 20 };
      items.push(...puts(saveVideoOps(teamId, undefined, video)), ...listRowsOf(teamId, videoListingEntry({ ...video, version: 1 })));
      continue;
    }
    const type = itemTypes[i % 6]!;
    const rules = itemRulesOf(type);
    const item: ContentItem = {
      id,
      type,
      title,
      overview: '',
      tagIds: [],
      status: 'public',
      isPublic: false,
      isListHidden: false,
      groupIds,
      priceIds: [],
      fileIds: [],
      fields: readyFields[type],
      createdAt: at.toISOString(),
      updatedAt: at.toISOString(),
      version: 1,
    };
    items.push(...puts(saveItemOps(teamId, undefined, item, rules)), ...listRowsOf(teamId, itemListingEntry(item, rules)));
  }
  return items;
}

const SIZES = [100, 10_000] as const;

export async function contentListFigures(ctx: { baseUrl: string; env: Record<string, string> }): Promise<Figure[]> {
  const { baseUrl, env } = ctx;
  const doc = DynamoDBDocumentClient.from(new DynamoDBClient({ region: env.AWS_REGION, endpoint: env.DYNAMODB_ENDPOINT, credentials: localCredentials }));
  const teams: { size: number; teamId: string; member: { userId: string; token: string } }[] = [];
  for (const size of SIZES) {
    const team = await registerTeam(baseUrl, env, `contents-${size}`);
    const member = await addGroupMember(env, team.teamId, `content-member-${size}`);
    await batchWrite(doc, env.TABLE_NAME, mixedItems(team.teamId, size));
    teams.push({ size, teamId: team.teamId, member });
  }
  const newer = async (team: (typeof teams)[number]) => {
    const res = await fetch(`${baseUrl}/api/member_content/list`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${team.member.token}` },
      body: JSON.stringify({ operatedTeamId: team.teamId, operatedUserId: team.member.userId, type: 'all', limit: PAGE_LIMIT }),
    });
    if (res.status !== 200) throw new Error(`member_content/list answered ${res.status}: ${await res.text()}`);
    const { items } = (await res.json()) as { items: { type: string }[] };
    if (items.length !== PAGE_LIMIT) throw new Error(`member_content/list listed ${items.length} items, expected a full page of ${PAGE_LIMIT}`);
    if (new Set(items.map((i) => i.type)).size < 3) throw new Error('the combined list should mix the content types');
  };
  const medians = await timeInTurns(teams, ROUNDS, newer);
  const figures: Figure[] = [];
  const units: number[] = [];
  for (const [i, team] of teams.entries()) {
    const { result, reads } = await meteredReads(() =>
      listRows(team.teamId, { area: 'member', type: 'all', scope: 'all', audiences: ['all', { groupId: groupId(1) }], limit: PAGE_LIMIT, now: new Date() }),
    );
    if (result.items.length !== PAGE_LIMIT) throw new Error(`listRows listed ${result.items.length} items, expected ${PAGE_LIMIT}`);
    units.push(reads.units);
    const n = team.size.toLocaleString('en');
    figures.push(
      [`combined newer list page 1 (${n} mixed items, member in 1 of ${GROUP_COUNT} groups): /member_content/list median`, `${medians[i].toFixed(1)} ms`, ''],
      [`combined newer list page 1 (${n} mixed items): read units`, `${reads.units} RCU, ${reads.queries} Queries, ${reads.items} rows read`, 'one Query per audience partition'],
    );
  }
  figures.push(['combined newer list read units, 10,000 vs 100 mixed items', `${units[1]} vs ${units[0]} RCU`, 'no growth with team size']);
  return figures;
}
