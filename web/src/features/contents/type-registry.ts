import type { ContentItemType } from '../../../../shared/api/calls/content-items';
import type { ContentTypeUi } from './content-types';
import { articleUi } from './types/article';

/** Every content type's admin UI, by type (loaded only with the content pages: the declarations build zod schemas). */
export const contentTypeUis: Partial<Record<ContentItemType, ContentTypeUi>> = {
  article: articleUi,
};

export function uiOf(type: ContentItemType): ContentTypeUi {
  const ui = contentTypeUis[type];
  if (!ui) throw new Error(`No admin UI for content type ${type}`);
  return ui;
}
