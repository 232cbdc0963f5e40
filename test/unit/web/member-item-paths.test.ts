import { describe, expect, it } from 'vitest';
import { catalogToMemberPath, memberToCatalogPath } from '../../../web/src/lib/catalog-path';
import { isItemSelect, itemSelectPath, selectionOrigin } from '../../../web/src/lib/item-select';
import { areaBaseOf, purchaseNotFoundPath } from '../../../web/src/features/purchases/components/purchase-not-found';

const T = '01DEMOTEAM0000000000000000';
const base = `/user/${T}`;

describe('SPEC §2 not-found pages for a product and a price, in both areas', () => {
  it.each(['product', 'price'] as const)('converts the %s not-found page between the catalog and the member area', (kind) => {
    expect(catalogToMemberPath(`/catalog/${T}/not_found/${kind}`)).toBe(`/user/${T}/not_found/${kind}`);
    expect(memberToCatalogPath(`/user/${T}/not_found/${kind}`)).toBe(`/catalog/${T}/not_found/${kind}`);
    expect(purchaseNotFoundPath(`/catalog/${T}`, kind)).toBe(`/catalog/${T}/not_found/${kind}`);
  });

  it('converts no other not_found address', () => {
    for (const path of [`/catalog/${T}/not_found/coupon`, `/catalog/${T}/not_found`, `/catalog/${T}/not_found/price/extra`]) expect(catalogToMemberPath(path)).toBeUndefined();
  });

  it('finds the area of a path, and nothing outside the two areas', () => {
    expect(areaBaseOf(`/user/${T}/video/01V?checkout=cancel`)).toBe(`/user/${T}`);
    expect(areaBaseOf(`/catalog/${T}`)).toBe(`/catalog/${T}`);
    expect(areaBaseOf('/admin/video')).toBeUndefined();
    expect(areaBaseOf('https://example.com/user/x')).toBeUndefined();
  });
});

describe('SPEC §2 item_select for a video, a PDF and a live', () => {
  it('gives the three types an item_select address, and no other type', () => {
    expect(itemSelectPath(base, 'video', '01V')).toBe(`${base}/video/01V/item_select`);
    expect(itemSelectPath(base, 'pdf', '01P')).toBe(`${base}/pdf/01P/item_select`);
    expect(itemSelectPath(base, 'live', '01L')).toBe(`${base}/live/01L/item_select`);
    expect(itemSelectPath(base, 'article', '01A')).toBeUndefined();
    expect(itemSelectPath(base, 'playlist', '01Y')).toBeUndefined();
  });

  it('tells an item_select page from an item opened through an event or the item itself', () => {
    expect(isItemSelect(`${base}/video/01V/item_select`)).toBe(true);
    expect(isItemSelect(`${base}/live/01L/item_select/`)).toBe(true);
    expect(isItemSelect(`${base}/event/live/01E/01L/item_select`)).toBe(false);
    expect(isItemSelect(`${base}/video/01V`)).toBe(false);
    expect(isItemSelect(`/catalog/${T}/video/01V/item_select`)).toBe(false);
  });

  it('leads back to the list the item was chosen from, else to the type’s list', () => {
    expect(selectionOrigin({ from: `${base}/videos/category/01C` }, base, 'video')).toBe(`${base}/videos/category/01C`);
    expect(selectionOrigin({ from: `${base}/videos/search/abc?x=1` }, base, 'video')).toBe(`${base}/videos/search/abc?x=1`);
    expect(selectionOrigin({ from: base }, base, 'video')).toBe(base);
    expect(selectionOrigin(undefined, base, 'pdf')).toBe(`${base}/pdfs`);
    expect(selectionOrigin({ from: 42 }, base, 'live')).toBe(`${base}/lives`);
    // Never another team's, another area's or another site's address, nor an item_select page again.
    expect(selectionOrigin({ from: `/user/OTHER/videos` }, base, 'video')).toBe(`${base}/videos`);
    expect(selectionOrigin({ from: `${base}x/videos` }, base, 'video')).toBe(`${base}/videos`);
    expect(selectionOrigin({ from: 'https://evil.example/' }, base, 'video')).toBe(`${base}/videos`);
    expect(selectionOrigin({ from: `${base}/video/01V/item_select` }, base, 'video')).toBe(`${base}/videos`);
  });
});
