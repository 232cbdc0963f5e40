import { Stack } from '@mantine/core';
import { useCallback } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useLocation, useParams } from 'react-router';
import { isItemSelect, selectionOrigin } from '../../../lib/item-select';
import { BackButton, TitleLink } from '../../../components/page-links';
import type { WatchSlots } from '../../../lib/content-slots';
import { playlistPath, playlistVideoPath } from '../../../lib/playlist-paths';
import { recordProgress, useMemberVideo } from '../api';
import { TestAfterVideo } from '../components/test-after-video';
import { WatchView } from '../components/watch-view';

/**
 * SPEC §2 /user/:teamId/video/:videoId: the watch page with each SPEC §4 access state. The same page serves
 * /user/:teamId/playlist/:parentId/:videoId (`parent` 'playlist'): the call is told the playlist, which then decides
 * the next video (its own order), the countdown stays inside the playlist, and the page shows where in it the
 * video stands, with the way back to it. Also event/:eventId/:videoId/item_select (and event/:parentId/:videoId), the video opened through an
 * event (the event grants it; the way back leads there); and video/:videoId/item_select, the video opened from a member
 * list (the way back leads to that list). Save buttons, comments, the purchase panel, the survey
 * after the video and the playlist bar are other features' parts, given as `slots` by the route table.
 */
function VideoPage({ parent, slots }: { parent?: 'playlist'; slots: WatchSlots }) {
  const { SaveButtons, ContentComments, EnqueteAfterVideo, PurchasePanel, WatchingPlaylist } = slots;
  const { t } = useTranslation();
  const { teamId = '', videoId = '', parentId = '', eventId } = useParams();
  const playlistId = parent === 'playlist' ? parentId : undefined;
  const { data, error, isLoading, mutate } = useMemberVideo(videoId, playlistId ? { playlistId } : eventId ? { eventId } : {});
  const base = `/user/${encodeURIComponent(teamId)}`;
  const { pathname, state } = useLocation();
  const eventPath = eventId ? `${base}/event/${encodeURIComponent(eventId)}` : undefined;
  const selectedFrom = !eventId && !playlistId && isItemSelect(pathname) ? selectionOrigin(state, base, 'video') : undefined;
  const videoPath = (id: string) => (playlistId ? playlistVideoPath(base, playlistId, id) : `${base}/video/${encodeURIComponent(id)}`);
  const pagePath = eventId
    ? `${base}/event/${encodeURIComponent(eventId)}/${encodeURIComponent(videoId)}/item_select`
    : `${videoPath(videoId)}${selectedFrom ? '/item_select' : ''}`;
  const nextVideoId = data?.video.completionAction === 'nextVideo' ? data.video.nextVideoId : undefined;
  const refresh = useCallback(() => void mutate(), [mutate]);
  const backTo = (to: string, label: string) => <BackButton to={to}>{label}</BackButton>;

  const page = (
    <WatchView
      answer={data}
      error={error}
      isLoading={isLoading}
      onRetry={() => void mutate()}
      back={
        playlistId
          ? backTo(playlistPath(base, playlistId), t('playlists:watch.back'))
          : eventPath
            ? backTo(eventPath, t('events:page.backToEvent'))
            : selectedFrom
              ? backTo(selectedFrom, t('videolist:selection.back'))
              : backTo(`${base}/videos/newer`, t('player:page.backToList'))
      }
      actions={
        eventPath ? (
          <TitleLink to={eventPath} kind="back">
            {t('events:page.backToEvent')}
          </TitleLink>
        ) : (
          data && (
            <>
              {selectedFrom && (
                <TitleLink to={selectedFrom} kind="back">
                  {t('videolist:selection.back')}
                </TitleLink>
              )}
              <SaveButtons type="video" id={videoId} />
            </>
          )
        )
      }
      nextVideoPath={nextVideoId ? videoPath(nextVideoId) : undefined}
      afterEnd={
        data?.video.completionAction === 'survey' && data.video.enqueteId ? (
          <EnqueteAfterVideo videoId={videoId} />
        ) : data?.video.completionAction === 'test' && data.video.testId ? (
          <TestAfterVideo path={`${base}/test/${encodeURIComponent(data.video.testId)}`} />
        ) : undefined
      }
      onViewEvent={(event, position) => void recordProgress(videoId, event, position, eventId).catch(() => undefined)}
      below={<ContentComments type="video" id={videoId} />}
      unpurchased={
        data?.state === 'unpurchased' && (
          <PurchasePanel title={data.video.title} priceIds={data.priceIds ?? []} returnPath={pagePath} onRefresh={refresh} />
        )
      }
    />
  );
  if (!playlistId) return page;
  return (
    <Stack gap="md">
      <WatchingPlaylist area="user" teamId={teamId} playlistId={playlistId} videoId={videoId} base={base} />
      {page}
    </Stack>
  );
}

/** The page's route components (made once per route table entry), with the other features' parts. */
export const memberVideoPages = (slots: WatchSlots) => ({
  Component: () => <VideoPage slots={slots} />,
  /** SPEC §2 /user/:teamId/playlist/:parentId/:videoId. */
  PlaylistVideoPage: () => <VideoPage parent="playlist" slots={slots} />,
});
