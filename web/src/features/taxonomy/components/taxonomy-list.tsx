import { AdminListTable } from '../../../components/admin-list-table';
import { ConfirmDelete } from '../../../components/confirm-delete';
import { CursorPager, useCursorPages } from '../../../components/cursor-pager';
import { Anchor, Button, Group, Stack, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { TaxonomyItem, TaxonomyKind } from '../../../../../shared/api/calls/categories';
import { formatDate } from '../../../lib/format';
import { errorMessage, useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { deleteTaxonomyItem, useTaxonomyList } from '../api';

/** SPEC §2 /admin/category, /admin/tag, /admin/creator: smaller sort numbers first, with usage counts. */
export function TaxonomyList({ kind }: { kind: TaxonomyKind }) {
  const { t } = useTranslation();
  const pages = useCursorPages();
  const { data, error, mutate } = useTaxonomyList(kind, pages.cursor);
  const [toDelete, setToDelete] = useState<TaxonomyItem>();

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await deleteTaxonomyItem(kind, toDelete.id);
      toast.success(t('taxonomy:delete.done', { name: toDelete.name }));
      await mutate();
    } catch (e) {
      toast.error(errorMessage(e));
    } finally {
      setToDelete(undefined);
    }
  };

  return (
    <Stack gap="lg" maw={960}>
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t(`taxonomy:${kind}.title`)}
        </Title>
        <Button component={Link} to={`/admin/${kind}/create`} leftSection={<IconPlus size={16} aria-hidden />}>
          {t(`taxonomy:${kind}.create`)}
        </Button>
      </Group>
      <AdminListTable
        rows={data?.items}
        rowKey={(item) => item.id}
        error={error}
        loadErrorTitle={t('taxonomy:list.loadError')}
        onRetry={() => void mutate()}
        emptyText={t(`taxonomy:${kind}.empty`)}
        columns={[
          { key: 'sortNumber', header: t('taxonomy:fields.sortNumber'), cell: (item) => item.sortNumber },
          {
            key: 'name',
            header: t('taxonomy:fields.name'),
            cell: (item) => (
              <Anchor component={Link} to={`/admin/${kind}/${item.id}/edit`} fw={500}>
                {item.name}
              </Anchor>
            ),
          },
          { key: 'usageCount', header: t('taxonomy:fields.usageCount'), cell: (item) => item.usageCount },
          { key: 'createdAt', header: t('taxonomy:fields.createdAt'), cell: (item) => formatDate(item.createdAt) },
          {
            key: 'actions',
            header: '',
            align: 'right',
            cell: (item) => (
              <Button size="xs" color="red" variant="subtle" onClick={() => setToDelete(item)} aria-label={t('taxonomy:delete.one', { name: item.name })}>
                {t('taxonomy:actions.delete')}
              </Button>
            ),
          },
        ]}
      />
      <CursorPager pages={pages} nextCursor={data?.nextCursor} />
      <ConfirmDelete
        opened={!!toDelete}
        onClose={() => setToDelete(undefined)}
        onConfirm={confirmDelete}
        title={t('taxonomy:delete.title')}
        body={t('taxonomy:delete.body', { name: toDelete?.name ?? '' })}
        confirmLabel={t('taxonomy:actions.delete')}
        cancelLabel={t('taxonomy:actions.cancel')}
      />
    </Stack>
  );
}
