import { describe, expect, it } from 'vitest';
import { catalogToMemberPath, memberToCatalogPath } from '../../../web/src/lib/catalog-path';

const T = '01DEMOTEAM0000000000000000';

describe('catalogToMemberPath', () => {
  it.each([
    [`/catalog/${T}`, `/user/${T}`],
    [`/catalog/${T}/`, `/user/${T}/`],
    [`/catalog/${T}/video/01V`, `/user/${T}/video/01V`],
    [`/catalog/${T}/videos/newer`, `/user/${T}/videos/newer`],
    [`/catalog/${T}/videos`, `/user/${T}/videos`],
    [`/catalog/${T}/videos/category/01C`, `/user/${T}/videos/category/01C`],
    [`/catalog/${T}/videos/tag/01G`, `/user/${T}/videos/tag/01G`],
    [`/catalog/${T}/videos/creator/01R`, `/user/${T}/videos/creator/01R`],
    [`/catalog/${T}/videos/categories`, `/user/${T}/videos/categories`],
    [`/catalog/${T}/pdfs/tags`, `/user/${T}/pdfs/tags`],
    [`/catalog/${T}/lives/creators`, `/user/${T}/lives/creators`],
    [`/catalog/${T}/videos/popular`, `/user/${T}/videos/popular`],
    [`/catalog/${T}/creator/01R`, `/user/${T}/creator/01R`],
    [`/catalog/${T}/pdf/01P`, `/user/${T}/pdf/01P`],
    [`/catalog/${T}/live/01L`, `/user/${T}/live/01L`],
    [`/catalog/${T}/event/01E`, `/user/${T}/event/01E`],
    [`/catalog/${T}/event/01E/01V`, `/user/${T}/event/01E/01V`],
    [`/catalog/${T}/playlist/01P`, `/user/${T}/playlist/01P`],
    [`/catalog/${T}/playlist/01P/01V`, `/user/${T}/playlist/01P/01V`],
    [`/catalog/${T}/event/live/01E/01L`, `/user/${T}/event/live/01E/01L`],
    [`/catalog/${T}/event/01E/01V/item_select`, `/user/${T}/event/01E/01V/item_select`],
    [`/catalog/${T}/event/pdf/01E/01P/item_select`, `/user/${T}/event/pdf/01E/01P/item_select`],
    [`/catalog/${T}/event/live/01E/01L/item_select`, `/user/${T}/event/live/01E/01L/item_select`],
  ])('%s -> %s', (from, to) => {
    expect(catalogToMemberPath(from)).toBe(to);
  });

  it('keeps the query string and the hash', () => {
    expect(catalogToMemberPath(`/catalog/${T}/video/01V?t=1m30s&lang=ja#chapters`)).toBe(`/user/${T}/video/01V?t=1m30s&lang=ja#chapters`);
    expect(catalogToMemberPath(`/catalog/${T}#top`)).toBe(`/user/${T}#top`);
    expect(catalogToMemberPath(`/catalog/${T}/?lang=en`)).toBe(`/user/${T}/?lang=en`);
  });

  it('keeps encoded segments encoded (a search text, an odd id)', () => {
    const query = encodeURIComponent('はじめて 動画/2');
    expect(catalogToMemberPath(`/catalog/${T}/videos/search/${query}`)).toBe(`/user/${T}/videos/search/${query}`);
    // The search page before a query is typed exists in both areas too.
    expect(catalogToMemberPath(`/catalog/${T}/videos/search`)).toBe(`/user/${T}/videos/search`);
    expect(catalogToMemberPath(`/catalog/a%2Fb/video/x%20y`)).toBe('/user/a%2Fb/video/x%20y');
  });

  it.each([
    '/catalog',
    '/catalog/',
    '/catalog//video/01V',
    `/catalog/${T}/video`,
    `/catalog/${T}/video/`,
    `/catalog/${T}/video//`,
    `/catalog/${T}/video/01V/extra`,
    `/catalog/${T}/preview`,
    `/catalog/${T}/videos/unknown`,
    `/catalog/${T}/event/article/01E/01A/item_select`,
    `/catalog/${T}/event/01E/01V/item_select/extra`,
    `/user/${T}/video/01V`,
    `/admin/video`,
    `/catalogue/${T}`,
    `https://example.com/catalog/${T}`,
    '',
  ])('%s is not a catalog page: undefined', (path) => {
    expect(catalogToMemberPath(path)).toBeUndefined();
  });
});

describe('memberToCatalogPath', () => {
  it('converts a mirrored member page back, query and hash kept', () => {
    expect(memberToCatalogPath(`/user/${T}/video/01V?t=30#x`)).toBe(`/catalog/${T}/video/01V?t=30#x`);
    expect(memberToCatalogPath(`/user/${T}/videos/popular`)).toBe(`/catalog/${T}/videos/popular`);
    expect(memberToCatalogPath(`/user/${T}`)).toBe(`/catalog/${T}`);
  });

  it('answers undefined for member-only pages and other paths', () => {
    for (const path of [`/user/${T}/setting`, `/user/${T}/bookmark`, `/user/${T}/news`, `/user/${T}/video/01V/item_select`, `/catalog/${T}`, '/login/x']) {
      expect(memberToCatalogPath(path)).toBeUndefined();
    }
  });

  it('round-trips every mirrored page', () => {
    for (const rest of ['', '/video/01V', '/videos/search/%E5%8B%95', '/event/live/01E/01L', '/videos/category/01C']) {
      const member = `/user/${T}${rest}?lang=en`;
      expect(catalogToMemberPath(memberToCatalogPath(member)!)).toBe(member);
    }
  });
});
