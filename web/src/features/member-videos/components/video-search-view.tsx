import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n';
import { useVideoPages, VIDEO_SEARCH_QUERY_MAX_LENGTH } from '../api';
import type { VideoArea } from '../../../lib/area-paths';
import { VideoCardGrid } from '../../../components/video-card-grid';
import { useSelectedFrom } from './selected-from';
import { VideoSearchForm } from './video-search-form';

/**
 * SPEC §2 videos/search/:query: videos whose title or overview contains the query. An empty (or too
 * long) query is answered here, without a call.
 */
export function VideoSearchView({ area, teamId, query: rawQuery }: { area: VideoArea; teamId: string; query: string }) {
  const { t } = useTranslation();
  // SPEC §2 item_select: in the member area a card opens as chosen from this list, with the way back here.
  const selectedFrom = useSelectedFrom(area);
  const query = rawQuery.trim();
  const tooLong = query.length > VIDEO_SEARCH_QUERY_MAX_LENGTH;
  const pages = useVideoPages(area, teamId, query && !tooLong ? { kind: 'search', query } : null);

  return (
    <Stack gap="lg" maw={1280}>
      <Title order={1} size="h2">
        {query ? t('videolist:search.resultsFor', { query }) : t('videolist:titles.search')}
      </Title>
      <VideoSearchForm area={area} teamId={teamId} />
      {!query ? (
        <Text c="dimmed">{t('videolist:search.enterQuery')}</Text>
      ) : tooLong ? (
        <Text c="red.8">{t('videolist:search.tooLong', { max: VIDEO_SEARCH_QUERY_MAX_LENGTH })}</Text>
      ) : (
        <VideoCardGrid area={area} teamId={teamId} pages={pages} selectedFrom={selectedFrom} emptyText={t('videolist:search.noMatch', { query })} />
      )}
    </Stack>
  );
}
