import type { ReactElement } from 'react';
import type { RouteObject } from 'react-router';
import type { ContentItemType } from '../../../../shared/api/calls/content-items';

/**
 * SPEC §2 member pages of the content types but the video (the same in the catalog): `<type>/:id`, each loaded
 * with its type's own strings (`namespaces`) besides the shared page's.
 */
const memberContentTypes: readonly { type: ContentItemType; namespaces: readonly string[] }[] = [{ type: 'article', namespaces: [] }, { type: 'pdf', namespaces: ['pdfs'] }, { type: 'live', namespaces: ['lives'] }, { type: 'playlist', namespaces: ['playlists'] }, { type: 'event', namespaces: ['events'] }];

/**
 * SPEC §2 event/<pdf|live>/:eventId/:id/item_select, and event/live/:parentId/:liveId without it: a PDF or a live opened
 * through an event, on its type's own page (which reads `eventId`), with the event's strings too (the way back to it).
 * The event's videos open on the watch page.
 */
const openedThroughEvent: readonly { type: ContentItemType; paths: readonly string[] }[] = [
  { type: 'pdf', paths: ['event/pdf/:eventId/:id/item_select'] },
  { type: 'live', paths: ['event/live/:eventId/:id/item_select', 'event/live/:eventId/:id'] },
];
const namespacesOf = (type: ContentItemType) => memberContentTypes.find((t) => t.type === type)?.namespaces ?? [];

export const contentItemRoutes = (element: (type: ContentItemType, namespaces: readonly string[]) => ReactElement): RouteObject[] => [
  ...memberContentTypes.map(({ type, namespaces }) => ({ path: `${type}/:id`, element: element(type, namespaces) })),
  ...openedThroughEvent.flatMap(({ type, paths }) => paths.map((path) => ({ path, element: element(type, [...namespacesOf(type), 'events']) }))),
];

/**
 * SPEC §2 pdf/:pdfId/item_select and live/:liveId/item_select (member area only; SPEC's catalog has none): the item
 * opened from a member list, on its type's own page, whose way back leads to that list (lib/item-select.ts).
 */
export const itemSelectRoutes = (element: (type: ContentItemType, namespaces: readonly string[]) => ReactElement): RouteObject[] =>
  (['pdf', 'live'] as const).map((type) => ({ path: `${type}/:id/item_select`, element: element(type, namespacesOf(type)) }));
