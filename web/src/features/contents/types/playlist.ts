import { lazy } from 'react';
import type { ContentItemCalls } from '../../../../../shared/api/calls/content-items';
import { playlistCalls, type PlaylistFields } from '../../../../../shared/api/calls/playlists';
import { contentTypeUi, type ContentTypeUi } from '../content-types';

export interface PlaylistFormFields {
  /** The videos in the order members watch them. */
  videoIds: string[];
}

/** SPEC §2 /admin/playlist: the team's videos, picked and put in order. */
export const playlistUi: ContentTypeUi = contentTypeUi<PlaylistFormFields>({
  type: 'playlist',
  calls: playlistCalls as unknown as ContentItemCalls,
  path: 'playlist',
  namespace: 'playlists',
  emptyFields: () => ({ videoIds: [] }),
  fieldsToForm: (fields) => ({ videoIds: [...(fields as PlaylistFields).videoIds] }),
  formToFields: (values) => ({ videoIds: values.videoIds }),
  Editor: lazy(() => import('./playlist-editor')),
  // The server's summary is the number of videos.
  summaryLabel: (summary, t) => t('playlists:admin.count', { count: Number(summary) }),
});
