import { Anchor, Group, Paper, Skeleton, Text } from '@mantine/core';
import { IconPlaylist } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { PlaylistView } from '../../../../../shared/api/calls/playlists';
import { useTranslation } from '../../../lib/i18n';
import { useMemberContent, type ContentArea } from '../api';
import { playlistPath } from '../../../lib/playlist-paths';

interface WatchingPlaylistProps {
  area: ContentArea;
  teamId: string;
  playlistId: string;
  videoId: string;
  /** Where the area's paths start (`/user/<team>` or `/catalog/<team>`). */
  base: string;
}

/**
 * Above a video watched inside a playlist: the playlist's name, linking back to it, and where this video stands
 * among the videos the viewer may see. It reads the playlist's own page answer (the same the playlist page read,
 * so coming from there it is at hand); if that fails the link still leads back.
 */
export function WatchingPlaylist({ area, teamId, playlistId, videoId, base }: WatchingPlaylistProps) {
  const { t } = useTranslation();
  const { data, isLoading } = useMemberContent(area, teamId, 'playlist', playlistId);
  const videos = (data?.view as PlaylistView | undefined)?.videos ?? [];
  const at = videos.findIndex((v) => v.id === videoId);
  return (
    <Paper withBorder radius="md" px="sm" py="xs" bg="gray.0" maw={960} component="nav" aria-label={t('playlists:watch.label')}>
      <Group gap="xs" justify="space-between" wrap="wrap">
        <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
          <IconPlaylist size={18} aria-hidden />
          <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
            {t('playlists:watch.label')}
          </Text>
          {isLoading ? (
            <Skeleton h={14} w={160} />
          ) : (
            <Anchor component={Link} to={playlistPath(base, playlistId)} fw={600} size="sm" truncate>
              {data?.item.title ?? t('playlists:watch.back')}
            </Anchor>
          )}
        </Group>
        {at >= 0 && (
          <Text size="sm" fw={500} data-testid="playlist-position">
            {t('playlists:watch.position', { position: at + 1, count: videos.length })}
          </Text>
        )}
      </Group>
    </Paper>
  );
}
