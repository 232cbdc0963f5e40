import type { TaxonomyKind } from '../../../shared/api/calls/categories';
import type { ContentType } from '../../../shared/content-types';

/** The member area (/user/:teamId) or the public catalog (/catalog/:teamId): the same lists, other calls. */
export type VideoArea = 'user' | 'catalog';

/** `/user/:teamId` or `/catalog/:teamId`, with the id encoded. */
export const areaBase = (area: VideoArea, teamId: string) => `/${area}/${encodeURIComponent(teamId)}`;

/** SPEC §2 list segment of each content type (`/videos/newer`, `/pdfs/newer`, …). */
export const listSegment: Readonly<Record<ContentType, string>> = {
  video: 'videos',
  pdf: 'pdfs',
  article: 'articles',
  playlist: 'playlists',
  live: 'lives',
  event: 'events',
};

/** SPEC §2 paths under an area's base. */
export const areaPaths = {
  video: (videoId: string) => `/video/${encodeURIComponent(videoId)}`,
  /** Any content's page: `/video/:id`, `/pdf/:id`, `/playlist/:id`, … */
  item: (type: ContentType, id: string) => `/${type}/${encodeURIComponent(id)}`,
  typeNewer: (type: ContentType) => `/${listSegment[type]}/newer`,
  typeTaxonomyList: (type: ContentType, kind: TaxonomyKind) => `/${listSegment[type]}/${kind === 'category' ? 'categories' : kind === 'tag' ? 'tags' : 'creators'}`,
  /** A category's or tag's items of one type (a creator leads to the profile). */
  typeTaxonomyItem: (type: ContentType, kind: TaxonomyKind, id: string) =>
    kind === 'creator' && type === 'video' ? `/creator/${encodeURIComponent(id)}` : `/${listSegment[type]}/${kind}/${encodeURIComponent(id)}`,
  newer: () => '/videos/newer',
  all: () => '/videos',
  popular: () => '/videos/popular',
  /** The search page; an empty query opens the form without a call. */
  search: (query: string) => (query ? `/videos/search/${encodeURIComponent(query)}` : '/videos/search'),
  taxonomyList: (kind: TaxonomyKind) => `/videos/${kind === 'category' ? 'categories' : kind === 'tag' ? 'tags' : 'creators'}`,
  /** Where a category, tag or creator card leads: its videos, or the creator's profile. */
  taxonomyItem: (kind: TaxonomyKind, id: string) => (kind === 'creator' ? `/creator/${encodeURIComponent(id)}` : `/videos/${kind}/${encodeURIComponent(id)}`),
  creatorVideos: (creatorId: string) => `/videos/creator/${encodeURIComponent(creatorId)}`,
};
