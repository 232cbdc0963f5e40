import { ConfirmDelete } from '../../../components/confirm-delete';
import { CursorPager, useCursorPages } from '../../../components/cursor-pager';
import { Anchor, Button, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TaxonomyItem, TaxonomyKind } from '../../../../../shared/api/calls/categories';
import { LoadError } from '../../../components/load-error';
import { formatDate } from '../../../lib/format';
import { errorMessage } from '../../../lib/i18n';
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
      {error ? (
        <LoadError title={t('taxonomy:list.loadError')} error={error} onRetry={() => void mutate()} />
      ) : !data ? (
        <Stack role="status" aria-label={t('common:loading')}>
          <Skeleton h={36} />
          <Skeleton h={36} />
        </Stack>
      ) : data.items.length === 0 ? (
        <Text c="dimmed">{t(`taxonomy:${kind}.empty`)}</Text>
      ) : (
        <Table striped highlightOnHover verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('taxonomy:fields.sortNumber')}</Table.Th>
              <Table.Th>{t('taxonomy:fields.name')}</Table.Th>
              <Table.Th>{t('taxonomy:fields.usageCount')}</Table.Th>
              <Table.Th>{t('taxonomy:fields.createdAt')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.items.map((item) => (
              <Table.Tr key={item.id}>
                <Table.Td>{item.sortNumber}</Table.Td>
                <Table.Td>
                  <Anchor component={Link} to={`/admin/${kind}/${item.id}/edit`} fw={500}>
                    {item.name}
                  </Anchor>
                </Table.Td>
                <Table.Td>{item.usageCount}</Table.Td>
                <Table.Td>{formatDate(item.createdAt)}</Table.Td>
                <Table.Td ta="right">
                  <Button size="xs" color="red" variant="subtle" onClick={() => setToDelete(item)} aria-label={t('taxonomy:delete.one', { name: item.name })}>
                    {t('taxonomy:actions.delete')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <CursorPager pages={pages} nextCursor={data?.cursor} />
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
