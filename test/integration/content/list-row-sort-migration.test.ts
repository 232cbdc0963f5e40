import '../support/platform-env';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureTable } from '../../../local/bootstrap';
import { addListRowSortIndexes } from '../../../local/migrate-listing';
import { listRows, listRowsOf } from '../../../lambdas/core/entities/list-rows';
import { commitVideo, getVideo, listingEntryOf, newVideoBase } from '../../../lambdas/core/entities/video';
import { getItem, putItem } from '../../../lambdas/platform/db';
import type { ListSort } from '../../../shared/rules/list-sort';

/**
 * Local data kept from before the member lists had every sort: rows written without their creation, update and
 * title indexes are in no list but the release date's until the start's one-off migration writes them again. The
 * test has a table of its own (the migration scans the whole table), in the platform's DynamoDB Local.
 */
const env = process.env as Record<string, string>;
const TABLE = `sort-migration-${Date.now()}`;
const TEAM = '01MIGRATIONTEAM00000000000A';
const marker = { pk: 'LOCAL#MIGRATIONS', sk: 'LIST_ROW_SORT_INDEXES' };

beforeAll(async () => {
  env.TABLE_NAME = TABLE;
  await ensureTable(env.DYNAMODB_ENDPOINT, TABLE);
}, 60_000);

const titles = async (sort: ListSort) =>
  (await listRows(TEAM, { area: 'member', type: 'video', scope: 'all', audiences: ['all'], sort, limit: 10, now: new Date() })).items.map((r) => r.title);
const migrate = (created: boolean, lines: string[]) =>
  addListRowSortIndexes(env.DYNAMODB_ENDPOINT, TABLE, env.AWS_REGION ?? 'ap-northeast-1', created, (line) => lines.push(line));

describe('local migration: list rows get their sort indexes', () => {
  it('lists rows of the old layout in every sort once migrated, saves nothing again, and runs once per table', async () => {
    const at = (i: number) => new Date(Date.UTC(2024, 5, 1) + i * 60_000);
    const saved = await Promise.all(
      ['Banana', 'apple', 'Cherry'].map((title, i) =>
        commitVideo(TEAM, undefined, { ...newVideoBase(`01MIGR${String(i).padStart(20, '0')}`, at(i)), title, status: 'public' as const, currentVersion: 1 }),
      ),
    );
    // Every row as the old layout wrote it: the release date index only.
    for (const v of saved) {
      for (const row of listRowsOf(TEAM, listingEntryOf((await getVideo(TEAM, v.videoId, true))!))) {
        const { gsi1pk: _1p, gsi1sk: _1s, gsi2pk: _2p, gsi2sk: _2s, gsi4pk: _4p, gsi4sk: _4s, ...old } = row;
        await putItem(old);
      }
    }
    expect(await titles({ key: 'title', direction: 'asc' })).toEqual([]);
    expect(await titles({ key: 'releaseDate', direction: 'desc' })).toEqual(['Cherry', 'apple', 'Banana']);

    const lines: string[] = [];
    await migrate(false, lines);
    expect(lines).toEqual(['Local list rows given their sort indexes: 3 items listed again']);
    expect(await titles({ key: 'title', direction: 'asc' })).toEqual(['apple', 'Banana', 'Cherry']);
    expect(await titles({ key: 'created', direction: 'desc' })).toEqual(['Cherry', 'apple', 'Banana']);
    expect(await titles({ key: 'updated', direction: 'asc' })).toEqual(['Banana', 'apple', 'Cherry']);
    for (const v of saved) expect((await getVideo(TEAM, v.videoId, true))!.version).toBe(v.version);

    // Marked: the next start does not scan again.
    expect(await getItem(marker)).toBeDefined();
    await migrate(false, lines);
    expect(lines).toHaveLength(1);
  }, 120_000);
});
