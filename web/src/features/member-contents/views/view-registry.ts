import { lazy, type ComponentType } from 'react';
import type { ContentItemType, MemberContentAnswer } from '../../../../../shared/api/calls/content-items';

/** What a type's member view gets: the whole answer (its `view` is the type's own part). */
export interface TypeViewProps {
  answer: MemberContentAnswer;
  /** Where the area's paths start (`/user/<team>` or `/catalog/<team>`). */
  base: string;
  onChanged: () => void;
}

/** Each type's member view, loaded with its page only (a PDF viewer is not part of an article's page). */
const views: Partial<Record<ContentItemType, ComponentType<TypeViewProps>>> = {
  article: lazy(() => import('./article-view')),
  event: lazy(() => import('./event-view')),
  live: lazy(() => import('./live-view')),
  pdf: lazy(() => import('./pdf-view')),
  playlist: lazy(() => import('./playlist-view')),
};

export const viewOf = (type: ContentItemType): ComponentType<TypeViewProps> | undefined => views[type];

/** Types whose view says itself what happens before and after its viewable window (a live's schedule). */
const ownsReleaseStates: ReadonlySet<ContentItemType> = new Set(['live']);
export const viewOwnsRelease = (type: ContentItemType): boolean => ownsReleaseStates.has(type);
