import { Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n';
import type { ContentType } from '../../../../../shared/content-types';
import { isMissingScope, useVideoPages, type VideoListSource } from '../api';
import { areaBase, areaPaths, type VideoArea } from '../../../lib/area-paths';
import { ListNotFound } from './list-not-found';
import { VideoCardGrid } from '../../../components/video-card-grid';
import { useSelectedFrom } from './selected-from';
import { ListSortSelect, useListSort } from './list-sort-select';

type ScopedSource = Extract<VideoListSource, { id: string }>;
type UnscopedSource = Extract<VideoListSource, { kind: 'newer' | 'popular' | 'all' }>;

interface VideoListViewProps {
  area: VideoArea;
  /** The content type listed (videos unless told). */
  type?: ContentType;
  teamId: string;
  /** A list limited to a category, tag or creator (the heading is its name) or a whole list with its `title`. */
  source: ScopedSource | UnscopedSource;
  title?: string;
  /** A line under the heading (e.g. how popularity is counted). */
  hint?: string;
  emptyText?: string;
}

const isScoped = (source: VideoListSource): source is ScopedSource => 'id' in source;

/** SPEC §2 lists of any content type: newer, popular (videos), all, and by category, tag or creator, in either area. */
export function VideoListView({ area, type = 'video', teamId, source, title, hint, emptyText }: VideoListViewProps) {
  const { t } = useTranslation();
  // SPEC §2 item_select: in the member area a card opens as chosen from this list, with the way back here.
  const selectedFrom = useSelectedFrom(area);
  const scoped = isScoped(source) ? source : undefined;
  // A whole list or a scoped one can be sorted; new arrivals and popular are orders of their own.
  const sortable = scoped !== undefined || source.kind === 'all';
  const [sort, setSort] = useListSort();
  const pages = useVideoPages(area, teamId, source, type, sortable ? sort : undefined);

  if (scoped && isMissingScope(pages.error)) {
    return <ListNotFound kind={scoped.kind} backTo={`${areaBase(area, teamId)}${areaPaths.typeTaxonomyList(type, scoped.kind)}`} />;
  }
  const scopeName = pages.data?.[0]?.scope?.name;
  return (
    <Stack gap="lg" maw={1280}>
      <Group justify="space-between" align="flex-end" gap="md">
      <Stack gap={4}>
        {scoped && (
          <Text size="sm" c="dimmed">
            {t(`videolist:scope.${scoped.kind}`)}
          </Text>
        )}
        {scoped && !pages.data ? (
          !pages.error && <Skeleton h={28} w={240} />
        ) : (
          <Title order={1} size="h2">
            {scoped ? scopeName : title}
          </Title>
        )}
        {hint && <Text c="dimmed">{hint}</Text>}
      </Stack>
        {sortable && <ListSortSelect value={sort} onChange={setSort} />}
      </Group>
      <VideoCardGrid area={area} teamId={teamId} pages={pages} selectedFrom={selectedFrom} emptyText={emptyText ?? (type === 'video' ? t('videolist:list.empty') : t(`videolist:types.${type}.empty`))} />
    </Stack>
  );
}
