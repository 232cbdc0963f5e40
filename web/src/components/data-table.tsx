import { Skeleton, Table, Text, type TableProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { LoadError } from './load-error';

export interface DataColumn<T> {
  key: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  align?: 'left' | 'right' | 'center';
  /** A fixed width (e.g. a checkbox column). */
  width?: number;
}

export interface DataTableProps<T> extends Omit<TableProps, 'children'> {
  rows: readonly T[];
  rowKey: (row: T) => string;
  columns: readonly DataColumn<T>[];
  minWidth: number;
  /** Omitted: no row stands for an empty list (the caller says it, or the table stands empty). */
  emptyText?: string;
}

/** Rows under a header of columns, scrolling horizontally on small screens: the table inside the list kit and the history lists. */
export function DataTable<T>({ rows, rowKey, columns, minWidth, emptyText, ...table }: DataTableProps<T>) {
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table {...table}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={c.key} ta={c.align} w={c.width}>
                {c.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 && emptyText !== undefined && (
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
                <Table.Td key={c.key} ta={c.align}>
                  {c.cell(row)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** What an SWR hook gives that a loaded table shows. */
export interface TableLoad {
  isLoading: boolean;
  error?: unknown;
  mutate: () => unknown;
}

export interface LoadedDataTableProps<T> extends Omit<DataTableProps<T>, 'rows' | 'emptyText'> {
  load: TableLoad;
  /** The rows once loaded. */
  rows: readonly T[] | undefined;
  /** Said in place of the table when there are no rows. */
  emptyText: string;
  skeletonHeight: number;
}

/** A busy skeleton while loading, the load error with a retry, the empty text, or the table (history and notice lists). */
export function LoadedDataTable<T>({ load, rows, emptyText, skeletonHeight, ...table }: LoadedDataTableProps<T>) {
  return (
    <>
      {load.isLoading && <Skeleton h={skeletonHeight} aria-busy />}
      {!!load.error && <LoadError error={load.error} onRetry={() => void load.mutate()} />}
      {rows && rows.length === 0 && <Text c="dimmed">{emptyText}</Text>}
      {rows && rows.length > 0 && <DataTable rows={rows} {...table} />}
    </>
  );
}
