import { ConfirmDelete } from '../../components/confirm-delete';
import { CursorPager, useCursorPages } from '../../components/cursor-pager';
import { Anchor, Button, Checkbox, Group, Select, Skeleton, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSWRConfig } from 'swr';
import { videoSorts, type VideoSort } from '../../../../shared/api/calls/videos';
import type { SortDirection } from '../../../../shared/constants';
import { LoadError } from '../../components/load-error';
import { isVideoListKey, bulkDeleteVideos, useVideoList } from '../../features/videos/api';
import { VideoBadges } from '../../features/videos/components/video-badges';
import { formatSeconds } from '../../features/videos/form-values';
import { formatDate } from '../../lib/format';
import { errorMessage } from '../../lib/i18n';
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
  const toggle = (id: string, on: boolean) => setSelected((s) => (on ? [...s, id] : s.filter((x) => x !== id)));
  const pageIds = data?.items.map((v) => v.videoId) ?? [];
  const allOnPage = pageIds.length > 0 && pageIds.every((id) => selected.includes(id));

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
      {error ? (
        <LoadError title={t('videos:list.loadError')} error={error} onRetry={() => void mutate()} />
      ) : !data ? (
        <Stack role="status" aria-label={t('common:loading')}>
          <Skeleton h={40} />
          <Skeleton h={40} />
          <Skeleton h={40} />
        </Stack>
      ) : data.items.length === 0 ? (
        <Text c="dimmed">{query ? t('videos:list.noMatch') : t('videos:list.empty')}</Text>
      ) : (
        <Table striped highlightOnHover verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={40}>
                <Checkbox
                  aria-label={t('videos:list.selectPage')}
                  checked={allOnPage}
                  onChange={(e) => setSelected((s) => (e.currentTarget.checked ? [...new Set([...s, ...pageIds])] : s.filter((id) => !pageIds.includes(id))))}
                />
              </Table.Th>
              <Table.Th>{t('videos:fields.title')}</Table.Th>
              <Table.Th>{t('videos:list.state')}</Table.Th>
              <Table.Th>{t('videos:list.duration')}</Table.Th>
              <Table.Th>{t('videos:list.created')}</Table.Th>
              <Table.Th>{t('videos:list.updated')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.items.map((v) => (
              <Table.Tr key={v.videoId} data-testid="video-row">
                <Table.Td>
                  <Checkbox
                    aria-label={t('videos:list.select', { title: v.title })}
                    checked={selected.includes(v.videoId)}
                    onChange={(e) => toggle(v.videoId, e.currentTarget.checked)}
                  />
                </Table.Td>
                <Table.Td>
                  <Anchor component={Link} to={`/admin/video/${v.videoId}/edit`} fw={500}>
                    {v.title}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <VideoBadges video={v} />
                </Table.Td>
                <Table.Td>{v.durationSeconds === undefined ? '—' : formatSeconds(v.durationSeconds)}</Table.Td>
                <Table.Td>{formatDate(v.createdAt)}</Table.Td>
                <Table.Td>{formatDate(v.updatedAt)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <CursorPager pages={pages} nextCursor={data?.cursor} />
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
            toast.success(t('videos:bulkDelete.done', { count: result.deleted }));
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
