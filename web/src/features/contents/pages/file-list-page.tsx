import { Stack } from '@mantine/core';
import { useSWRConfig } from 'swr';
import type { LibraryFile } from '../../../../../shared/api/calls/files';
import { AdminListHeader } from '../../../components/admin-list-search';
import { AdminListTable } from '../../../components/admin-list-table';
import { CursorPager, useCursorPages } from '../../../components/cursor-pager';
import { useRowDelete } from '../../../components/row-delete';
import { deleteLibraryFile, isFileListKey, useFileList } from '../api';
import { formatBytes, formatDate } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';

/** SPEC §2 /admin/filelist: the team's attachment library with size, upload date and usage count; a file in use cannot be deleted (SPEC §8). */
function FileListPage() {
  const { t } = useTranslation();
  const { mutate: mutateAll } = useSWRConfig();
  const pages = useCursorPages();
  const { data, error, mutate } = useFileList(pages.cursor);
  const rowDelete = useRowDelete<LibraryFile>({
    ns: 'contents',
    name: (f) => f.name,
    body: t('contents:files.deleteBody'),
    remove: (f) => deleteLibraryFile(f.id),
    onDeleted: () => mutateAll(isFileListKey),
    // SPEC §8: a file in use cannot be deleted; the server refuses too (a content may attach it meanwhile).
    disabled: (f) => f.usageCount > 0,
  });
  return (
    <Stack gap="lg" maw={1100}>
      <AdminListHeader title={t('contents:files.title')} createLabel={t('contents:files.create')} createTo="/admin/filelist/create" />
      <AdminListTable
        rows={data?.items}
        rowKey={(f) => f.id}
        error={error}
        loadErrorTitle={t('contents:files.loadError')}
        onRetry={() => void mutate()}
        emptyText={t('contents:files.empty')}
        columns={[
          { key: 'name', header: t('contents:files.name'), cell: (f) => f.name },
          { key: 'size', header: t('contents:files.size'), cell: (f) => formatBytes(f.sizeBytes) },
          { key: 'uploaded', header: t('contents:files.uploaded'), cell: (f) => formatDate(f.uploadedAt) },
          { key: 'usage', header: t('contents:files.usage'), align: 'right', cell: (f) => f.usageCount },
          rowDelete.column,
        ]}
      />
      <CursorPager pages={pages} nextCursor={data?.nextCursor} />
      {rowDelete.confirm}
    </Stack>
  );
}

export { FileListPage as Component };
