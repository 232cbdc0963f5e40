import { Button, Card, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { LoadError } from '../../components/load-error';
import { useNewerVideos } from '../../features/member-videos/api';
import { formatClock } from '../../features/player/seek-policy';
import { formatDate } from '../../lib/format';

/** SPEC §2 /user/:teamId/videos/newer: the newest videos this member may watch. */
function VideosNewerPage() {
  const { t } = useTranslation();
  const { teamId = '' } = useParams();
  const { data, error, isLoading, isValidating, size, setSize, mutate } = useNewerVideos();
  const items = data?.flatMap((p) => p.items) ?? [];
  const more = !!data?.[data.length - 1]?.cursor;

  return (
    <Stack gap="lg" maw={1100}>
      <Title order={1} size="h2">
        {t('player:list.newerTitle')}
      </Title>
      {error ? (
        <LoadError title={t('player:list.loadFailed')} error={error} onRetry={() => void mutate()} />
      ) : isLoading ? (
        <Skeleton h={160} radius="md" />
      ) : items.length === 0 ? (
        <Text c="dimmed">{t('player:list.empty')}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {items.map((v) => (
            <Card key={v.videoId} withBorder radius="md" component="li" padding="md">
              <Stack gap={6}>
                <Text fw={600} component={Link} to={`/user/${encodeURIComponent(teamId)}/video/${encodeURIComponent(v.videoId)}`} c="indigo.8">
                  <IconPlayerPlay size={16} aria-hidden style={{ verticalAlign: 'middle', marginRight: 4 }} />
                  {v.title}
                </Text>
                <Text size="sm" c="dimmed">
                  {formatDate(v.releasedAt ?? v.createdAt)}
                  {v.durationSeconds !== undefined && ` · ${t('player:list.duration', { duration: formatClock(v.durationSeconds) })}`}
                </Text>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      )}
      {more && (
        <Button variant="default" w="fit-content" loading={isValidating} onClick={() => void setSize(size + 1)}>
          {t('player:list.more')}
        </Button>
      )}
    </Stack>
  );
}

export { VideosNewerPage as Component };
