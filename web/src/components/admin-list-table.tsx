import { Checkbox, Paper, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from '../lib/i18n';
import { DataTable, type DataColumn } from './data-table';
import { LoadError } from './load-error';

export type AdminListColumn<T> = DataColumn<T>;

/** Row checkboxes for bulk actions: the selected row keys, and the labels a screen reader announces. */
export interface AdminListSelection<T> {
  selected: readonly string[];
  onChange: (keys: string[]) => void;
  pageLabel: string;
  rowLabel: (row: T) => string;
  /** Rows without a checkbox (e.g. already decided) are left out of "select all" too. */
  selectable?: (row: T) => boolean;
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
  const keys = (selection?.selectable ? rows.filter(selection.selectable) : rows).map(rowKey);
  const allOnPage = !!selection && keys.length > 0 && keys.every((k) => selection.selected.includes(k));
  const select: AdminListColumn<T> | undefined = selection && {
    key: '__select',
    width: 40,
    header: (
      <Checkbox
        aria-label={selection.pageLabel}
        checked={allOnPage}
        indeterminate={!allOnPage && keys.some((k) => selection.selected.includes(k))}
        onChange={() => selection.onChange(allOnPage ? selection.selected.filter((k) => !keys.includes(k)) : [...new Set([...selection.selected, ...keys])])}
      />
    ),
    cell: (row) => {
      if (selection.selectable && !selection.selectable(row)) return null;
      const key = rowKey(row);
      return (
        <Checkbox
          aria-label={selection.rowLabel(row)}
          checked={selection.selected.includes(key)}
          onChange={(e) => selection.onChange(e.currentTarget.checked ? [...selection.selected, key] : selection.selected.filter((k) => k !== key))}
        />
      );
    },
  };
  const table = (
    <DataTable
      rows={rows}
      rowKey={rowKey}
      columns={select ? [select, ...columns] : columns}
      minWidth={minWidth}
      emptyText={emptyText}
      verticalSpacing="sm"
      highlightOnHover
    />
  );
  return bare ? (
    table
  ) : (
    <Paper withBorder radius="md">
      {table}
    </Paper>
  );
}
