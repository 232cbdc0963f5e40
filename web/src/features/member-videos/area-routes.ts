import { createElement, type ReactElement } from 'react';
import type { RouteObject } from 'react-router';
import type { VideoArea } from './area-paths';

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
