import { Paper, Skeleton, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from './load-error';

export interface AdminListColumn<T> {
  key: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
}

export interface AdminListTableProps<T> {
  rows: readonly T[] | undefined;
  rowKey: (row: T) => string;
  columns: readonly AdminListColumn<T>[];
  /** Shown in place of the table when loading failed, with a retry. */
  error?: unknown;
  loadErrorTitle: string;
  onRetry: () => void;
  emptyText: string;
  minWidth?: number;
}

/**
 * The one table of the admin lists: a skeleton while loading, the load error with a retry, the empty text, and the
 * rows in a horizontally scrolling table on small screens. Paging sits under it (`CursorPager`).
 */
export function AdminListTable<T>({ rows, rowKey, columns, error, loadErrorTitle, onRetry, emptyText, minWidth = 640 }: AdminListTableProps<T>) {
  const { t } = useTranslation();
  if (error) return <LoadError title={loadErrorTitle} error={error} onRetry={onRetry} />;
  if (!rows) {
    return (
      <Stack gap="xs" role="status" aria-label={t('common:loading')}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} h={40} />
        ))}
      </Stack>
    );
  }
  return (
    <Paper withBorder radius="md">
      <Table.ScrollContainer minWidth={minWidth}>
        <Table verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              {columns.map((c) => (
                <Table.Th key={c.key}>{c.header}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={columns.length}>
                  <Text c="dimmed" ta="center" py="lg">
                    {emptyText}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {rows.map((row) => (
              <Table.Tr key={rowKey(row)}>
                {columns.map((c) => (
                  <Table.Td key={c.key}>{c.cell(row)}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
