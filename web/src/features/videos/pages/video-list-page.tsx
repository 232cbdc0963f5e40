import { Anchor, Button, Group, Stack } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { useSWRConfig } from 'swr';
import { videoSorts, type VideoSort } from '../../../../../shared/api/calls/videos';
import { AdminListHeader, AdminListSearch, useListSearch } from '../../../components/admin-list-search';
import { AdminListTable } from '../../../components/admin-list-table';
import { ConfirmDelete } from '../../../components/confirm-delete';
import { CursorPager, useCursorPages } from '../../../components/cursor-pager';
import { isVideoListKey, bulkDeleteVideos, useVideoList } from '../api';
import { VideoBadges } from '../components/video-badges';
import { formatSeconds } from '../form-values';
import { formatDate } from '../../../lib/format';
import { errorMessage, useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';

/** SPEC §2 /admin/video: search by title, SPEC §9 sorts, cursor pages, status badges, bulk delete. */
function VideoListPage() {
  const { t } = useTranslation();
  const { mutate: mutateAll } = useSWRConfig();
  const pages = useCursorPages();
  const [selected, setSelected] = useState<string[]>([]);
  const [deleting, setDeleting] = useState(false);

  const restart = () => {
    pages.restart();
    setSelected([]);
  };
  const [search, changeSearch] = useListSearch<VideoSort>('newest', restart);
  const { data, error, mutate } = useVideoList({ ...search, cursor: pages.cursor });

  return (
    <Stack gap="lg" maw={1100}>
      <AdminListHeader title={t('videos:list.title')} createLabel={t('videos:list.create')} createTo="/admin/video/create" />
      <AdminListSearch
        ns="videos"
        sorts={videoSorts}
        value={search}
        onChange={changeSearch}
      />
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
        emptyText={search.query ? t('videos:list.noMatch') : t('videos:list.empty')}
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
