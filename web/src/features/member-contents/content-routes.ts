import type { ReactElement } from 'react';
import type { RouteObject } from 'react-router';
import type { ContentItemType } from '../../../../shared/api/calls/content-items';

/**
 * SPEC §2 member pages of the content types but the video (the same in the catalog): `<type>/:id`, each loaded
 * with its type's own strings (`namespaces`) besides the shared page's.
 */
const memberContentTypes: readonly { type: ContentItemType; namespaces: readonly string[] }[] = [{ type: 'article', namespaces: [] }];

export const contentItemRoutes = (element: (type: ContentItemType, namespaces: readonly string[]) => ReactElement): RouteObject[] =>
  memberContentTypes.map(({ type, namespaces }) => ({ path: `${type}/:id`, element: element(type, namespaces) }));
