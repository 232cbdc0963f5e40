import { ActionIcon, Button, Group, Stack, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useSWRConfig } from 'swr';
import type { LibraryFile } from '../../../../shared/api/calls/files';
import { AdminListTable } from '../../components/admin-list-table';
import { ConfirmDelete } from '../../components/confirm-delete';
import { CursorPager, useCursorPages } from '../../components/cursor-pager';
import { deleteLibraryFile, isFileListKey, useFileList } from '../../features/contents/api';
import { formatBytes, formatDate } from '../../lib/format';
import { errorMessage, useTranslation } from '../../lib/i18n';
import { toast } from '../../lib/toast';

/** SPEC §2 /admin/filelist: the team's attachment library with size, upload date and usage count; a file in use cannot be deleted (SPEC §8). */
function FileListPage() {
  const { t } = useTranslation();
  const { mutate: mutateAll } = useSWRConfig();
  const pages = useCursorPages();
  const { data, error, mutate } = useFileList(pages.cursor);
  const [deleting, setDeleting] = useState<LibraryFile>();
  return (
    <Stack gap="lg" maw={1100}>
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('contents:files.title')}
        </Title>
        <Button component={Link} to="/admin/filelist/create" leftSection={<IconPlus size={16} aria-hidden />}>
          {t('contents:files.create')}
        </Button>
      </Group>
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
          {
            key: 'delete',
            header: '',
            align: 'right',
            cell: (f) => (
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('contents:actions.deleteNamed', { title: f.name })}
                // SPEC §8: a file in use cannot be deleted; the server refuses too (a content may attach it meanwhile).
                disabled={f.usageCount > 0}
                onClick={() => setDeleting(f)}
              >
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            ),
          },
        ]}
      />
      <CursorPager pages={pages} nextCursor={data?.nextCursor} />
      <ConfirmDelete
        opened={!!deleting}
        onClose={() => setDeleting(undefined)}
        title={t('contents:delete.title', { title: deleting?.name ?? '' })}
        body={t('contents:files.deleteBody')}
        confirmLabel={t('contents:actions.delete')}
        cancelLabel={t('contents:actions.cancel')}
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await deleteLibraryFile(deleting.id);
            toast.success(t('contents:delete.done', { title: deleting.name }));
            setDeleting(undefined);
            await mutateAll(isFileListKey);
          } catch (e) {
            toast.error(errorMessage(e));
          }
        }}
      />
    </Stack>
  );
}

export { FileListPage as Component };
