import { Checkbox, Paper, Skeleton, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../lib/i18n';
import { LoadError } from './load-error';

export interface AdminListColumn<T> {
  key: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  align?: 'left' | 'right' | 'center';
}

/** Row checkboxes for bulk actions: the selected row keys, and the labels a screen reader announces. */
export interface AdminListSelection<T> {
  selected: readonly string[];
  onChange: (keys: string[]) => void;
  pageLabel: string;
  rowLabel: (row: T) => string;
}

export interface AdminListTableProps<T> {
  rows: readonly T[] | undefined;
  selection?: AdminListSelection<T>;
  rowKey: (row: T) => string;
  columns: readonly AdminListColumn<T>[];
  /** Shown in place of the table when loading failed, with a retry (pages that show their own load state omit these). */
  error?: unknown;
  loadErrorTitle?: string;
  onRetry?: () => void;
  /** Omitted: the table stands without the empty text (e.g. a page past the first). */
  emptyText?: string;
  minWidth?: number;
  /** Without the bordered paper, for tables inside a page section. */
  bare?: boolean;
}

/**
 * The one table of the admin lists: a skeleton while loading, the load error with a retry, the empty text, and the
 * rows in a horizontally scrolling table on small screens. Paging sits under it (`CursorPager`).
 */
export function AdminListTable<T>(props: AdminListTableProps<T>) {
  const { rows, rowKey, columns, error, loadErrorTitle, onRetry, emptyText, minWidth = 640, selection, bare } = props;
  const { t } = useTranslation();
  if (error) return <LoadError title={loadErrorTitle ?? ''} error={error} onRetry={() => onRetry?.()} />;
  if (!rows) {
    return (
      <Stack gap="xs" role="status" aria-label={t('common:loading')}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} h={40} />
        ))}
      </Stack>
    );
  }
  const keys = rows.map(rowKey);
  const allOnPage = !!selection && keys.length > 0 && keys.every((k) => selection.selected.includes(k));
  const width = columns.length + (selection ? 1 : 0);
  const table = (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            {selection && (
              <Table.Th w={40}>
                <Checkbox
                  aria-label={selection.pageLabel}
                  checked={allOnPage}
                  indeterminate={!allOnPage && keys.some((k) => selection.selected.includes(k))}
                  onChange={() => selection.onChange(allOnPage ? selection.selected.filter((k) => !keys.includes(k)) : [...new Set([...selection.selected, ...keys])])}
                />
              </Table.Th>
            )}
            {columns.map((c) => (
              <Table.Th key={c.key} ta={c.align}>
                {c.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 && emptyText !== undefined && (
            <Table.Tr>
              <Table.Td colSpan={width}>
                <Text c="dimmed" ta="center" py="lg">
                  {emptyText}
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
          {rows.map((row) => {
            const key = rowKey(row);
            return (
              <Table.Tr key={key}>
                {selection && (
                  <Table.Td>
                    <Checkbox
                      aria-label={selection.rowLabel(row)}
                      checked={selection.selected.includes(key)}
                      onChange={(e) =>
                        selection.onChange(e.currentTarget.checked ? [...selection.selected, key] : selection.selected.filter((k) => k !== key))
                      }
                    />
                  </Table.Td>
                )}
                {columns.map((c) => (
                  <Table.Td key={c.key} ta={c.align}>
                    {c.cell(row)}
                  </Table.Td>
                ))}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
  return bare ? (
    table
  ) : (
    <Paper withBorder radius="md">
      {table}
    </Paper>
  );
}
