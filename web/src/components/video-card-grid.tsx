import { Badge, Box, Button, Card, SimpleGrid, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from '../lib/i18n';
import { Link } from 'react-router';
import type { ContentCard } from '../../../shared/api/calls/content-lists';
import { LoadError } from './load-error';
import { formatClock, formatDate } from '../lib/format';
import type { useVideoPages } from '../features/member-videos/api';
import { areaBase, areaPaths, type VideoArea } from '../lib/area-paths';
import { MediaThumbnail } from './media-thumbnail';
import { itemSelectPath } from '../lib/item-select';

const gridCols = { base: 1, xs: 2, md: 3, lg: 4 };
const listStyle = { listStyle: 'none', padding: 0, margin: 0 };

function VideoCardItem({ video, href, from }: { video: ContentCard; href: string; from?: string }) {
  const { t } = useTranslation();
  const duration = video.durationSeconds === undefined ? undefined : formatClock(video.durationSeconds);
  return (
    <Card component={Link} to={href} state={from ? { from } : undefined} withBorder radius="md" padding="sm" h="100%" style={{ textDecoration: 'none' }}>
      <Card.Section>
        <MediaThumbnail
          src={video.thumbnailUrl}
          placeholderLabel={t('videolist:card.noThumbnail')}
          corner={
            duration && (
              <Badge color="dark" variant="filled" radius="sm" aria-label={t('videolist:card.duration', { duration })}>
                {duration}
              </Badge>
            )
          }
        />
      </Card.Section>
      <Stack gap={4} mt="sm">
        {video.type !== 'video' && (
          <Badge variant="light" w="fit-content" radius="sm">
            {t(`videolist:types.${video.type}.badge`)}
          </Badge>
        )}
        <Text fw={600} lineClamp={2} c="indigo.9">
          {video.title}
        </Text>
        <Text size="sm" c="dimmed">
          {t('videolist:card.released', { date: formatDate(video.releasedAt ?? video.createdAt) })}
        </Text>
      </Stack>
    </Card>
  );
}

/** Placeholder cards while the first page loads. */
export function CardGridSkeleton({ label }: { label: string }) {
  return (
    <Box aria-busy>
      <VisuallyHidden role="status">{label}</VisuallyHidden>
      <SimpleGrid cols={gridCols}>
        {Array.from({ length: 4 }, (_, i) => (
          <Stack key={i} gap="xs">
            <Skeleton radius="md" style={{ aspectRatio: '16 / 9' }} />
            <Skeleton h={14} w="80%" />
            <Skeleton h={12} w="40%" />
          </Stack>
        ))}
      </SimpleGrid>
    </Box>
  );
}

interface VideoCardGridProps {
  area: VideoArea;
  teamId: string;
  pages: ReturnType<typeof useVideoPages>;
  /** Shown when the list has no video. */
  emptyText: string;
  /**
   * The list's own address in the member area: its video, PDF and live cards then open as SPEC §2 item_select,
   * whose way back leads here (lib/item-select.ts).
   */
  selectedFrom?: string;
}

/** A list's videos as a responsive card grid with "show more", loading, empty and error states. */
export function VideoCardGrid({ area, teamId, pages, emptyText, selectedFrom }: VideoCardGridProps) {
  const { t } = useTranslation();
  const { data, error, isLoading, isValidating, size, setSize, mutate } = pages;
  const items = data?.flatMap((p) => p.items) ?? [];
  const more = !!data?.[data.length - 1]?.nextCursor;
  const base = areaBase(area, teamId);

  if (error && items.length === 0) return <LoadError title={t('videolist:list.loadFailed')} error={error} onRetry={() => void mutate()} />;
  if (isLoading || !data) return <CardGridSkeleton label={t('videolist:list.loading')} />;
  if (items.length === 0) return <Text c="dimmed">{emptyText}</Text>;
  return (
    <Stack gap="lg">
      <SimpleGrid cols={gridCols} component="ul" style={listStyle}>
        {items.map((video) => (
          <li key={video.id}>
            <VideoCardItem
              video={video}
              href={(selectedFrom && itemSelectPath(base, video.type, video.id)) || `${base}${areaPaths.item(video.type, video.id)}`}
              from={selectedFrom && itemSelectPath(base, video.type, video.id) ? selectedFrom : undefined}
            />
          </li>
        ))}
      </SimpleGrid>
      {error && <LoadError title={t('videolist:list.loadFailed')} error={error} onRetry={() => void mutate()} />}
      {more && (
        <Button variant="default" w="fit-content" loading={isValidating} onClick={() => void setSize(size + 1)}>
          {t('videolist:list.more')}
        </Button>
      )}
    </Stack>
  );
}
