import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { areaBase, areaPaths } from '../../../web/src/lib/area-paths';
import { formatClock } from '../../../web/src/lib/format';

describe('member and catalog list paths', () => {
  it('builds the same paths under either area', () => {
    expect(areaBase('user', 'T1') + areaPaths.newer()).toBe('/user/T1/videos/newer');
    expect(areaBase('catalog', 'T1') + areaPaths.popular()).toBe('/catalog/T1/videos/popular');
    expect(areaPaths.taxonomyList('category')).toBe('/videos/categories');
    expect(areaPaths.taxonomyList('tag')).toBe('/videos/tags');
    expect(areaPaths.taxonomyList('creator')).toBe('/videos/creators');
  });

  it('sends categories and tags to their videos and a creator to the profile', () => {
    expect(areaPaths.taxonomyItem('category', 'C1')).toBe('/videos/category/C1');
    expect(areaPaths.taxonomyItem('tag', 'G1')).toBe('/videos/tag/G1');
    expect(areaPaths.taxonomyItem('creator', 'R1')).toBe('/creator/R1');
    expect(areaPaths.creatorVideos('R1')).toBe('/videos/creator/R1');
  });

  it('opens the empty search page without a query segment', () => {
    expect(areaPaths.search('')).toBe('/videos/search');
  });

  // The router decodes the location before matching, so the page reads the query as typed.
  it.each(['はじめて', 'カラー バー', '50%/half', 'a?b#c&d', '+plus'])('hands the search route %j back unchanged', (query) => {
    const path = areaBase('user', 'T1') + areaPaths.search(query);
    expect(path).not.toMatch(/[?#]/);
    const [match] = matchRoutes([{ path: '/user/:teamId/videos/search/:query' }], path) ?? [];
    expect(match?.params.query).toBe(query);
  });
});

describe('formatClock', () => {
  it.each([
    [0, '0:00'],
    [5, '0:05'],
    [65.9, '1:05'],
    [3600, '1:00:00'],
    [3725, '1:02:05'],
    [-3, '0:00'],
  ])('%d s is %s', (seconds, text) => {
    expect(formatClock(seconds)).toBe(text);
  });
});
