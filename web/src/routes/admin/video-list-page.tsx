import { AdminListTable } from '../../components/admin-list-table';
import { ConfirmDelete } from '../../components/confirm-delete';
import { CursorPager, useCursorPages } from '../../components/cursor-pager';
import { Anchor, Button, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useSWRConfig } from 'swr';
import { videoSorts, type VideoSort } from '../../../../shared/api/calls/videos';
import type { SortDirection } from '../../../../shared/constants';
import { isVideoListKey, bulkDeleteVideos, useVideoList } from '../../features/videos/api';
import { VideoBadges } from '../../features/videos/components/video-badges';
import { formatSeconds } from '../../features/videos/form-values';
import { formatDate } from '../../lib/format';
import { errorMessage, useTranslation } from '../../lib/i18n';
import { toast } from '../../lib/toast';

/** SPEC §2 /admin/video: search by title, SPEC §9 sorts, cursor pages, status badges, bulk delete. */
function VideoListPage() {
  const { t } = useTranslation();
  const { mutate: mutateAll } = useSWRConfig();
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<VideoSort>('newest');
  const [direction, setDirection] = useState<SortDirection>('desc');
  const pages = useCursorPages();
  const { data, error, mutate } = useVideoList({ query, sort, direction, cursor: pages.cursor });
  const [selected, setSelected] = useState<string[]>([]);
  const [deleting, setDeleting] = useState(false);

  const restart = () => {
    pages.restart();
    setSelected([]);
  };

  return (
    <Stack gap="lg" maw={1100}>
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('videos:list.title')}
        </Title>
        <Button component={Link} to="/admin/video/create" leftSection={<IconPlus size={16} aria-hidden />}>
          {t('videos:list.create')}
        </Button>
      </Group>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          setQuery(search.trim());
          restart();
        }}
      >
        <Group align="flex-end">
          <TextInput
            label={t('videos:list.search')}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            leftSection={<IconSearch size={16} aria-hidden />}
            style={{ flex: 1 }}
          />
          <Button type="submit" variant="default">
            {t('videos:list.searchSubmit')}
          </Button>
          <Select
            label={t('videos:list.sort')}
            value={sort}
            onChange={(v) => {
              if (!v) return;
              setSort(v as VideoSort);
              restart();
            }}
            data={videoSorts.map((s) => ({ value: s, label: t(`videos:sort.${s}`) }))}
            allowDeselect={false}
            disabled={!!query}
            w={180}
          />
          <Select
            label={t('videos:list.direction')}
            value={direction}
            onChange={(v) => {
              if (!v) return;
              setDirection(v as SortDirection);
              restart();
            }}
            data={(['desc', 'asc'] as const).map((d) => ({ value: d, label: t(`videos:direction.${d}`) }))}
            allowDeselect={false}
            w={140}
          />
        </Group>
      </form>
      {query && <Text size="sm">{t('videos:list.searchNote')}</Text>}
      <Group>
        <Button color="red" variant="light" disabled={selected.length === 0} onClick={() => setDeleting(true)}>
          {t('videos:bulkDelete.button', { count: selected.length })}
        </Button>
      </Group>
      <AdminListTable
        rows={data?.items}
        rowKey={(v) => v.videoId}
        error={error}
        loadErrorTitle={t('videos:list.loadError')}
        onRetry={() => void mutate()}
        emptyText={query ? t('videos:list.noMatch') : t('videos:list.empty')}
        selection={{ selected, onChange: setSelected, pageLabel: t('videos:list.selectPage'), rowLabel: (v) => t('videos:list.select', { title: v.title }) }}
        columns={[
          {
            key: 'title',
            header: t('videos:fields.title'),
            cell: (v) => (
              <Anchor component={Link} to={`/admin/video/${v.videoId}/edit`} fw={500}>
                {v.title}
              </Anchor>
            ),
          },
          { key: 'state', header: t('videos:list.state'), cell: (v) => <VideoBadges video={v} /> },
          { key: 'duration', header: t('videos:list.duration'), cell: (v) => (v.durationSeconds === undefined ? '—' : formatSeconds(v.durationSeconds)) },
          { key: 'created', header: t('videos:list.created'), cell: (v) => formatDate(v.createdAt) },
          { key: 'updated', header: t('videos:list.updated'), cell: (v) => formatDate(v.updatedAt) },
        ]}
      />
      <CursorPager pages={pages} nextCursor={data?.nextCursor} />
      <ConfirmDelete
        opened={deleting}
        onClose={() => setDeleting(false)}
        title={t('videos:bulkDelete.title', { count: selected.length })}
        body={t('videos:bulkDelete.body', { count: selected.length })}
        typedCount={{ count: selected.length, label: t('videos:bulkDelete.typeCount', { count: selected.length }) }}
        confirmLabel={t('videos:actions.delete')}
        cancelLabel={t('videos:actions.cancel')}
        onConfirm={async (typed) => {
          try {
            const result = await bulkDeleteVideos(selected, typed ?? '');
            if (result.deleted > 0 || result.inPlaylist === 0) toast.success(t('videos:bulkDelete.done', { count: result.deleted }));
            // SPEC §8: a video a playlist (or an event) holds is kept; say so rather than let it look deleted.
            if (result.inPlaylist > 0) toast.error(errorMessage('deletion/video_in_playlist'));
            setDeleting(false);
            restart();
            await mutateAll(isVideoListKey);
          } catch (e) {
            toast.error(errorMessage(e));
          }
        }}
      />
    </Stack>
  );
}

export { VideoListPage as Component };
