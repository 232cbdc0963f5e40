import { Badge, Box, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useId } from 'react';
import { Link } from 'react-router';
import type { PlaylistVideoCard, PlaylistView as PlaylistAnswer } from '../../../../../shared/api/calls/playlists';
import { formatClock } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { MediaThumbnail } from '../../../components/media-thumbnail';
import { playlistVideoPath } from '../../../lib/playlist-paths';
import type { TypeViewProps } from './view-registry';

const listStyle = { listStyle: 'none', padding: 0, margin: 0, display: 'flex', flexDirection: 'column', gap: 12 } as const;

/**
 * SPEC §3 playlist: its videos in the operator's order, each opening its watch page inside the playlist, and
 * "play all" from the first. The server left out the videos this reader may not know of; the others say when
 * their page will not play at once (before or after their period, or for sale).
 */
export default function PlaylistView({ answer, base }: TypeViewProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const view = answer.view as PlaylistAnswer | undefined;
  if (answer.state !== 'visible' || !view) return null;
  const { videos } = view;
  const first = videos[0];
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="center" gap="xs">
        <Group gap="xs" align="baseline">
          <Title order={2} size="h4" id={headingId}>
            {t('playlists:view.videos')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('playlists:view.count', { count: videos.length })}
          </Text>
        </Group>
        {first && (
          <Button component={Link} to={playlistVideoPath(base, answer.item.id, first.id)} leftSection={<IconPlayerPlay size={16} aria-hidden />}>
            {t('playlists:view.playAll')}
          </Button>
        )}
      </Group>
      {videos.length === 0 ? (
        <Text c="dimmed">{t('playlists:view.empty')}</Text>
      ) : (
        <ol style={listStyle} aria-labelledby={headingId}>
          {videos.map((video, index) => (
            <li key={video.id}>
              <VideoCard video={video} position={index + 1} href={playlistVideoPath(base, answer.item.id, video.id)} />
            </li>
          ))}
        </ol>
      )}
    </Stack>
  );
}

function VideoCard({ video, position, href }: { video: PlaylistVideoCard; position: number; href: string }) {
  const { t } = useTranslation();
  const duration = video.durationSeconds === undefined ? undefined : formatClock(video.durationSeconds);
  return (
    <Card component={Link} to={href} withBorder radius="md" padding="xs" style={{ textDecoration: 'none' }}>
      <Group gap="sm" wrap="nowrap" align="center">
        <Text fw={700} c="dimmed" w={24} ta="right" aria-hidden style={{ flexShrink: 0 }}>
          {position}
        </Text>
        <Box w={{ base: 112, xs: 160 }} style={{ flexShrink: 0 }}>
          <Box style={{ borderRadius: 'var(--mantine-radius-sm)', overflow: 'hidden' }}>
            <MediaThumbnail src={video.thumbnailUrl} placeholderLabel={t('playlists:view.noThumbnail')} iconSize={28} />
          </Box>
        </Box>
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Text fw={600} lineClamp={2} c="indigo.9">
            {video.title}
          </Text>
          <Group gap={6}>
            {duration && (
              <Text size="sm" c="dimmed" aria-label={t('playlists:view.duration', { duration })}>
                {duration}
              </Text>
            )}
            {video.state !== 'visible' && (
              <Badge size="sm" variant="light" color={video.state === 'unpurchased' ? 'grape' : 'gray'}>
                {t(`playlists:view.state.${video.state}`)}
              </Badge>
            )}
          </Group>
        </Stack>
      </Group>
    </Card>
  );
}
