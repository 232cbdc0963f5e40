import { Avatar, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n';
import { Link } from 'react-router';
import { isMissingScope, useVideoPages } from '../api';
import { areaBase, areaPaths, type VideoArea } from '../../../lib/area-paths';
import { ListNotFound } from './list-not-found';
import { VideoCardGrid } from '../../../components/video-card-grid';
import { useSelectedFrom } from './selected-from';

/** SPEC §2 creator/:creatorId: the creator's portrait, name and profile, then their videos. */
export function CreatorProfileView({ area, teamId, creatorId }: { area: VideoArea; teamId: string; creatorId: string }) {
  const { t } = useTranslation();
  // SPEC §2 item_select: in the member area a card opens as chosen from this list, with the way back here.
  const selectedFrom = useSelectedFrom(area);
  const pages = useVideoPages(area, teamId, { kind: 'creator', id: creatorId });
  const base = areaBase(area, teamId);

  if (isMissingScope(pages.error)) {
    return <ListNotFound kind="creator" backTo={`${base}${areaPaths.taxonomyList('creator')}`} />;
  }
  const creator = pages.data?.[0]?.scope;
  return (
    <Stack gap="lg" maw={1280}>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <Group align="flex-start" gap="lg" wrap="wrap">
          {creator ? (
            <Avatar src={creator.thumbnailUrl} alt="" size={112} radius="50%" color="indigo" name={creator.name} />
          ) : (
            <Skeleton circle h={112} />
          )}
          <Stack gap="xs" style={{ flex: '1 1 240px' }}>
            <Text size="sm" c="dimmed">
              {t('videolist:scope.creator')}
            </Text>
            {creator ? (
              <Title order={1} size="h2">
                {creator.name}
              </Title>
            ) : (
              !pages.error && <Skeleton h={28} w={200} />
            )}
            {creator?.profile && <Text style={{ whiteSpace: 'pre-wrap' }}>{creator.profile}</Text>}
          </Stack>
        </Group>
      </Paper>
      {creator && (
        <Group justify="space-between" align="baseline">
          <Title order={2} size="h3">
            {t('videolist:creator.videos', { name: creator.name })}
          </Title>
          <Button component={Link} to={`${base}${areaPaths.creatorVideos(creatorId)}`} variant="subtle" size="compact-sm">
            {t('videolist:creator.allVideos')}
          </Button>
        </Group>
      )}
      <VideoCardGrid area={area} teamId={teamId} pages={pages} selectedFrom={selectedFrom} emptyText={t('videolist:list.empty')} />
    </Stack>
  );
}
