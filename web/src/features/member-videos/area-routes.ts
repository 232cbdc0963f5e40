import { createElement, type ReactElement } from 'react';
import type { RouteObject } from 'react-router';
import type { TaxonomyKind } from '../../../../shared/api/calls/categories';
import type { ContentType } from '../../../../shared/content-types';
import { listSegment, type VideoArea } from '../../lib/area-paths';

/**
 * SPEC §2: the catalog mirrors the member area. The list pages both areas have are declared ONCE here and
 * generated for each (`/user/:teamId/...` and `/catalog/:teamId/...`); each page is the same component told
 * its area. web/src/lib/catalog-path.ts converts a path of one area to the other.
 */
type Pages = typeof import('./components/area-list-pages');
interface AreaPage {
  path: string;
  namespaces: string[];
  render: (pages: Pages, area: VideoArea) => ReactElement;
}

/**
 * The lists of a content type other than the video (SPEC §2 {pdfs|lives|playlists|events}/newer, the type's list
 * optionally limited to a category, tag or creator, and the taxonomy pages SPEC gives the type).
 */
function typeListPages(type: ContentType, taxonomy: readonly TaxonomyKind[]): AreaPage[] {
  const segment = listSegment[type];
  const list = (path: string, newer: boolean): AreaPage => ({
    path,
    namespaces: ['videolist'],
    render: (p, area) => createElement(p.TypeListPage, { area, type, newer }),
  });
  return [
    list(`${segment}/newer`, true),
    list(segment, false),
    list(`${segment}/category/:categoryId`, false),
    list(`${segment}/tag/:tagId`, false),
    list(`${segment}/creator/:creatorId`, false),
    ...taxonomy.map((kind) => ({
      path: `${segment}/${kind === 'category' ? 'categories' : kind === 'tag' ? 'tags' : 'creators'}`,
      namespaces: ['videolist'],
      render: (p: Pages, area: VideoArea) => createElement(p.TypeTaxonomyPage, { area, kind, type }),
    })),
  ];
}

export const areaListPages: readonly AreaPage[] = [
  { path: 'videos/newer', namespaces: ['player', 'videolist'], render: (p, area) => createElement(p.NewerVideosPage, { area }) },
  { path: 'videos', namespaces: ['videolist'], render: (p, area) => createElement(p.VideosPage, { area }) },
  { path: 'videos/category/:categoryId', namespaces: ['videolist'], render: (p, area) => createElement(p.VideosPage, { area }) },
  { path: 'videos/tag/:tagId', namespaces: ['videolist'], render: (p, area) => createElement(p.VideosPage, { area }) },
  { path: 'videos/creator/:creatorId', namespaces: ['videolist'], render: (p, area) => createElement(p.VideosPage, { area }) },
  { path: 'videos/popular', namespaces: ['videolist'], render: (p, area) => createElement(p.PopularVideosPage, { area }) },
  { path: 'videos/search', namespaces: ['videolist'], render: (p, area) => createElement(p.SearchVideosPage, { area }) },
  { path: 'videos/search/:query', namespaces: ['videolist'], render: (p, area) => createElement(p.SearchVideosPage, { area }) },
  { path: 'videos/categories', namespaces: ['videolist'], render: (p, area) => createElement(p.TaxonomyPage, { area, kind: 'category' }) },
  { path: 'videos/tags', namespaces: ['videolist'], render: (p, area) => createElement(p.TaxonomyPage, { area, kind: 'tag' }) },
  { path: 'videos/creators', namespaces: ['videolist'], render: (p, area) => createElement(p.TaxonomyPage, { area, kind: 'creator' }) },
  { path: 'creator/:creatorId', namespaces: ['videolist'], render: (p, area) => createElement(p.CreatorPage, { area }) },
  ...typeListPages('pdf', ['category', 'tag']),
  ...typeListPages('article', ['category', 'tag']),
  ...typeListPages('playlist', ['category', 'tag']),
  ...typeListPages('live', ['category', 'tag', 'creator']),
  ...typeListPages('event', []),
];

/** A lazy route element (web/src/components/lazy-route.tsx): the page chunk and its strings load together. */
type LazyPage = (load: () => Promise<{ Component: () => ReactElement }>, ...namespaces: string[]) => ReactElement;

/** The list routes of one area. */
export function areaListRoutes(area: VideoArea, page: LazyPage): RouteObject[] {
  return areaListPages.map(({ path, namespaces, render }) => ({
    path,
    element: page(async () => {
      const pages = await import('./components/area-list-pages');
      return { Component: () => render(pages, area) };
    }, ...namespaces),
  }));
}
