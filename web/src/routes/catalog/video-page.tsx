import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconLogin2 } from '@tabler/icons-react';
import { useTranslation } from '../../lib/i18n';
import { Link, useLocation, useParams } from 'react-router';
import { WatchingPlaylist } from '../../features/member-contents/components/watching-playlist';
import { playlistPath, playlistVideoPath } from '../../features/member-contents/playlist-paths';
import { useCatalogVideo } from '../../features/member-videos/catalog-api';
import { WatchView } from '../../features/player/components/watch-view';
import { catalogToMemberPath } from '../../lib/catalog-path';

/**
 * SPEC §2 /catalog/:teamId/video/:videoId: a public video for visitors, with the member player but no
 * resume or view records (a visitor has no member record). Only public videos answer; anything else is
 * the not-found state. The same page serves /catalog/:teamId/playlist/:parentId/:videoId (`parent` 'playlist'), as
 * the member page does: the public playlist decides the next video and the page shows where in it the video stands.
 */
function CatalogVideoPage({ parent }: { parent?: 'playlist' }) {
  const { t } = useTranslation();
  const { teamId = '', videoId = '', parentId = '', eventId } = useParams();
  const playlistId = parent === 'playlist' ? parentId : undefined;
  const { pathname, search, hash } = useLocation();
  const { data, error, isLoading, mutate } = useCatalogVideo(teamId, videoId, playlistId ? { playlistId } : {});
  const base = `/catalog/${encodeURIComponent(teamId)}`;
  const memberPath = catalogToMemberPath(pathname + search + hash);
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
          <Button component={Link} to={playlistPath(base, playlistId)} variant="default" w="fit-content">
            {t('playlists:watch.back')}
          </Button>
        ) : eventId ? (
          // Under an event (event/:eventId/:videoId/item_select) the way back is the event: a visitor has no
          // application, so the video is the catalog's own answer, not the event's grant.
          <Button component={Link} to={`${base}/event/${encodeURIComponent(eventId)}`} variant="default" w="fit-content">
            {t('events:page.backToEvent')}
          </Button>
        ) : (
          <Button component={Link} to={base} variant="default" w="fit-content">
            {t('catalog:video.backToTop')}
          </Button>
        )
      }
      actions={
        memberPath && (
          <Group gap={6}>
            <IconLogin2 size={16} aria-hidden />
            <Anchor component={Link} to={memberPath} size="sm">
              {t('catalog:video.watchAsMember')}
            </Anchor>
          </Group>
        )
      }
      nextVideoPath={nextVideoId ? videoPath(nextVideoId) : undefined}
      unpurchased={
        <Paper withBorder p="lg" radius="md" maw={720}>
          <Stack gap="sm">
            <Title order={1} size="h3">
              {t('purchases:catalog.title')}
            </Title>
            <Text c="dimmed">{t('purchases:catalog.body')}</Text>
            {memberPath && (
              <Button component={Link} to={memberPath} leftSection={<IconLogin2 size={16} aria-hidden />} w="fit-content">
                {t('purchases:catalog.login')}
              </Button>
            )}
          </Stack>
        </Paper>
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

export const Component = () => <CatalogVideoPage />;
/** SPEC §2 /catalog/:teamId/playlist/:parentId/:videoId. */
export const PlaylistVideoPage = () => <CatalogVideoPage parent="playlist" />;
