import type { TaxonomyKind } from '../../../../shared/api/calls/categories';

/** The member area (/user/:teamId) or the public catalog (/catalog/:teamId): the same lists, other calls. */
export type VideoArea = 'user' | 'catalog';

/** `/user/:teamId` or `/catalog/:teamId`, with the id encoded. */
export const areaBase = (area: VideoArea, teamId: string) => `/${area}/${encodeURIComponent(teamId)}`;

/** SPEC §2 paths under an area's base. */
export const areaPaths = {
  video: (videoId: string) => `/video/${encodeURIComponent(videoId)}`,
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
