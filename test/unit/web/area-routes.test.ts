import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { areaListPages, areaListRoutes } from '../../../web/src/features/member-videos/area-routes';
import { catalogToMemberPath, memberToCatalogPath } from '../../../web/src/lib/catalog-path';

const sample = (path: string) => path.replace(/:[A-Za-z]+/g, 'x1');

describe('member and catalog list routes (one table, SPEC §2 mirror)', () => {
  it('generates the same pages for both areas', () => {
    const page = () => createElement('div');
    expect(areaListRoutes('user', page).map((r) => r.path)).toEqual(areaListRoutes('catalog', page).map((r) => r.path));
    expect(areaListRoutes('user', page)).toHaveLength(areaListPages.length);
  });

  it('every generated page converts between the areas', () => {
    for (const { path } of areaListPages) {
      const member = `/user/T1/${sample(path)}`;
      const catalog = `/catalog/T1/${sample(path)}`;
      expect(memberToCatalogPath(member), path).toBe(catalog);
      expect(catalogToMemberPath(catalog), path).toBe(member);
    }
  });
});
