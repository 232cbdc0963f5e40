import type { ContentItemType } from '../../../../shared/api/calls/content-items';
import type { ContentTypeUi } from './content-types';
import { articleUi } from './types/article';
import { eventUi } from './types/event';
import { liveUi } from './types/live';
import { pdfUi } from './types/pdf';
import { playlistUi } from './types/playlist';

/** Every content type's admin UI, by type (loaded only with the content pages: the declarations build zod schemas). */
export const contentTypeUis: Partial<Record<ContentItemType, ContentTypeUi>> = {
  article: articleUi,
  event: eventUi,
  live: liveUi,
  pdf: pdfUi,
  playlist: playlistUi,
};

export function uiOf(type: ContentItemType): ContentTypeUi {
  const ui = contentTypeUis[type];
  if (!ui) throw new Error(`No admin UI for content type ${type}`);
  return ui;
}
