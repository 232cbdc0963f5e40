/**
 * Member list figures (DESIGN §6: a page costs the same reads whatever the team size): two teams, with 100
 * and 10,000 members written directly in batches from the entity functions, then page 1 of /admin/user
 * timed through the API and the very Query behind it measured with ReturnConsumedCapacity.
 */
import { performance } from 'node:perf_hooks';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { localCredentials } from '../lambdas/platform/config';
import type { Item } from '../lambdas/platform/db';
import { putTeamUserOps, userListQuerySpec, type UserListQuery } from '../lambdas/core/entities/team-user';
import { batchWrite, consumedUnits, median, registerTeam, type Figure } from './support';

const PAGE: UserListQuery = { sort: 'created', order: 'desc', limit: 20 };
const ROUNDS = 40;

/**
 * Members' items as putTeamUserOps builds them, 25 per BatchWrite: the record (it carries the list index) and
 * its search items. Identity links are left out: nothing here reads them and they are a third of the writes.
 * One-word names keep it to two search items per member.
 */
async function seedMembers(doc: DynamoDBDocumentClient, table: string, teamId: string, count: number) {
  const start = Date.parse('2024-01-01T00:00:00Z');
  const items: Item[] = [];
  for (let i = 0; i < count; i++) {
    const ops = putTeamUserOps({
      teamId,
      userId: ulid(start + i * 1000),
      email: `member${i}@bench.example`,
      name: `Member${String(i).padStart(5, '0')}`,
      role: 'member',
      categories: [],
      disabled: false,
      createdAt: new Date(start + i * 1000).toISOString(),
    });
    for (const op of ops) if ('put' in op && op.put.type !== 'identityTeam') items.push(op.put);
  }
  await batchWrite(doc, table, items);
}

export async function memberListFigures(ctx: { baseUrl: string; env: Record<string, string> }): Promise<Figure[]> {
  const { baseUrl, env } = ctx;
  const doc = DynamoDBDocumentClient.from(new DynamoDBClient({ region: env.AWS_REGION, endpoint: env.DYNAMODB_ENDPOINT, credentials: localCredentials }));
  const table = env.TABLE_NAME;
  const figures: Figure[] = [];
  const results: Record<number, { ms: number; units: number; searchUnits: number }> = {};
  for (const size of [100, 10_000]) {
    const team = await registerTeam(baseUrl, env, `members-${size}`);
    const seeded = performance.now();
    await seedMembers(doc, table, team.teamId, size);
    const seedSeconds = (performance.now() - seeded) / 1000;
    const body = JSON.stringify({ operatedTeamId: team.teamId, operatedUserId: team.userId, ...PAGE });
    const list = async () => {
      const res = await fetch(`${baseUrl}/api/member/list`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${team.token}` },
        body,
      });
      if (res.status !== 200) throw new Error(`member list answered ${res.status}`);
      await res.arrayBuffer();
    };
    for (let i = 0; i < 5; i++) await list();
    const times: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const t = performance.now();
      await list();
      times.push(performance.now() - t);
    }
    const page = await consumedUnits(doc, table, userListQuerySpec(team.teamId, 'member', PAGE));
    const search = await consumedUnits(doc, table, userListQuerySpec(team.teamId, 'member', { ...PAGE, search: 'member0' }));
    results[size] = { ms: median(times), units: page.units, searchUnits: search.units };
    figures.push(
      [`member list page 1 (${size.toLocaleString('en')} members): median`, `${median(times).toFixed(1)} ms`, ''],
      [`member list page 1 (${size.toLocaleString('en')} members): read units`, `${page.units} RCU for ${page.items} rows`, 'same for every team size'],
      [`member search page 1 (${size.toLocaleString('en')} members): read units`, `${search.units} RCU for ${search.items} rows`, 'same for every team size'],
      [`member list seeding (${size.toLocaleString('en')} members)`, `${seedSeconds.toFixed(1)} s`, ''],
    );
  }
  const same = results[100].units === results[10_000].units && results[100].searchUnits === results[10_000].searchUnits;
  figures.push(['member list read units, 10,000 vs 100 members', same ? 'equal' : `${results[10_000].units} vs ${results[100].units} RCU`, 'equal']);
  return figures;
}
