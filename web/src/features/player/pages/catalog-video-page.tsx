import { Stack } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n';
import { useLocation, useParams } from 'react-router';
import { playlistPath, playlistVideoPath } from '../../../lib/playlist-paths';
import { useCatalogVideo } from '../api';
import { WatchView } from '../components/watch-view';
import { catalogToMemberPath } from '../../../lib/catalog-path';
import { useCatalogPreview } from '../../../lib/catalog-preview';
import { BackButton, CatalogLoginPanel, TitleLink } from '../../../components/page-links';
import type { WatchingPlaylistSlot } from '../../../lib/content-slots';

/**
 * SPEC §2 /catalog/:teamId/video/:videoId: a public video for visitors, with the member player but no
 * resume or view records (a visitor has no member record). Only public videos answer; anything else is
 * the not-found state. The same page serves /catalog/:teamId/playlist/:parentId/:videoId (`parent` 'playlist'), as
 * the member page does: the public playlist decides the next video and the page shows where in it the video stands.
 * In preview mode (`?preview`, an administrator of the team) it plays any video of the team, whatever its audience.
 * The playlist bar (features/member-contents) is given by the route table.
 */
function CatalogVideoPage({ parent, WatchingPlaylist }: { parent?: 'playlist'; WatchingPlaylist: WatchingPlaylistSlot }) {
  const { t } = useTranslation();
  const { teamId = '', videoId = '', parentId = '', eventId } = useParams();
  const playlistId = parent === 'playlist' ? parentId : undefined;
  const { pathname, search, hash } = useLocation();
  const preview = useCatalogPreview(teamId);
  const { data, error, isLoading, mutate } = useCatalogVideo(teamId, videoId, playlistId ? { playlistId } : {}, preview);
  const base = `/catalog/${encodeURIComponent(teamId)}`;
  // In preview mode the administrator stays in the preview: no way to the member page.
  const memberPath = preview ? undefined : catalogToMemberPath(pathname + search + hash);
  // The server names the next video only when the catalog shows it too.
  const nextVideoId = data?.video.completionAction === 'nextVideo' ? data.video.nextVideoId : undefined;
  const videoPath = (id: string) => (playlistId ? playlistVideoPath(base, playlistId, id) : `${base}/video/${encodeURIComponent(id)}`);

  const page = (
    <WatchView
      answer={data}
      error={error}
      isLoading={isLoading}
      onRetry={() => void mutate()}
      back={
        playlistId ? (
          <BackButton to={playlistPath(base, playlistId)}>{t('playlists:watch.back')}</BackButton>
        ) : eventId ? (
          // Under an event (event/:eventId/:videoId/item_select) the way back is the event: a visitor has no
          // application, so the video is the catalog's own answer, not the event's grant.
          <BackButton to={`${base}/event/${encodeURIComponent(eventId)}`}>{t('events:page.backToEvent')}</BackButton>
        ) : (
          <BackButton to={base}>{t('catalog:video.backToTop')}</BackButton>
        )
      }
      actions={
        memberPath && (
          <TitleLink to={memberPath} kind="login">
            {t('catalog:video.watchAsMember')}
          </TitleLink>
        )
      }
      nextVideoPath={nextVideoId ? videoPath(nextVideoId) : undefined}
      unpurchased={
        <CatalogLoginPanel title={t('purchases:catalog.title')} body={t('purchases:catalog.body')} memberPath={memberPath} loginLabel={t('purchases:catalog.login')} />
      }
    />
  );
  if (!playlistId) return page;
  return (
    <Stack gap="md">
      <WatchingPlaylist area="catalog" teamId={teamId} playlistId={playlistId} videoId={videoId} base={base} />
      {page}
    </Stack>
  );
}

/** The page's route components (made once per route table entry), with the playlist bar. */
export const catalogVideoPages = (WatchingPlaylist: WatchingPlaylistSlot) => ({
  Component: () => <CatalogVideoPage WatchingPlaylist={WatchingPlaylist} />,
  /** SPEC §2 /catalog/:teamId/playlist/:parentId/:videoId. */
  PlaylistVideoPage: () => <CatalogVideoPage parent="playlist" WatchingPlaylist={WatchingPlaylist} />,
});
