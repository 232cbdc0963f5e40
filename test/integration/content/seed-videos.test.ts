import '../support/platform-env';
import { describe, expect, it } from 'vitest';
import { listCategoriesCall, listCreatorsCall, type TaxonomyItem } from '../../../shared/api/calls/categories';
import { listVideosCall, type VideoRow } from '../../../shared/api/calls/videos';
import { listRows } from '../../../lambdas/core/entities/list-rows';
import { seedDemoVideos } from '../../../local/seed-videos';
import { call } from '../support/api';
import { waitFor } from '../platform/waiting';
import { newOperator } from './people';

describe('demo video seed', () => {
  it('makes a category, a creator and three clips the real worker encodes; a second run adds nothing', async () => {
    const team = await newOperator('Seeded');
    await seedDemoVideos(team.teamId, team.userId);
    await seedDemoVideos(team.teamId, team.userId);
    const rows = async () => ((await call(listVideosCall, team.ctx, team.token)).body as { items: VideoRow[] }).items;
    expect(await rows()).toHaveLength(3);
    const ready = await waitFor('the demo clips to be encoded', async () => {
      const items = await rows();
      return items.every((r) => r.uploadState === 'ready') && items;
    }, 120_000, 500);
    expect(ready.map((r) => r.durationSeconds)).toEqual([5, 5, 5]);
    const categories = ((await call(listCategoriesCall, team.ctx, team.token)).body as { items: TaxonomyItem[] }).items;
    expect(categories).toMatchObject([{ usageCount: 3 }]);
    const creators = ((await call(listCreatorsCall, team.ctx, team.token)).body as { items: TaxonomyItem[] }).items;
    expect(creators).toMatchObject([{ name: 'Demo Studio', usageCount: 3 }]);
    const published = (await listRows(team.teamId, { area: 'member', type: 'video', scope: 'all', audiences: ['any'], limit: 10, now: new Date() })).items;
    expect(published.map((r) => [r.title, r.isPublic])).toEqual([
      ['カラーバー / Colour bars', false],
      ['はじめての動画 / Welcome', true],
    ]);
  }, 180_000);
});
