import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n';
import { AdminListHeader } from '../admin-list-search';
import { AdminListTable, type AdminListTableProps } from '../admin-list-table';
import { CursorPager, type useCursorPages } from '../cursor-pager';
import { useRowDelete } from '../row-delete';
import { AdminPage, type AdminPageFrameProps } from './admin-page';

/** A list call's SWR answer, as the list page reads it. */
export interface AdminListQuery<T> {
  data?: { items?: readonly T[]; nextCursor?: string };
  error?: unknown;
  mutate: () => Promise<unknown>;
}

type TableProps<T> = Omit<AdminListTableProps<T>, 'rows' | 'error' | 'loadErrorTitle' | 'onRetry' | 'emptyText'>;

export interface AdminListPageProps<T> extends TableProps<T>, Pick<AdminPageFrameProps, 'back' | 'aside' | 'maw'> {
  /**
   * The key of the page's strings, with its namespace (`enquete:list`): `<text>.title`, `<text>.create` (with
   * `createTo`), `<text>.loadError` and `<text>.empty`.
   */
  text: string;
  /** The heading, when it says more than `<text>.title` (e.g. whose answers). */
  title?: string;
  /** Where the create button leads; omitted: no create button. */
  createTo?: string;
  list: AdminListQuery<T>;
  /** The rows when the answer holds them elsewhere than `items`. */
  rows?: readonly T[];
  /** Cursor paging; omitted for lists read whole. */
  pages?: ReturnType<typeof useCursorPages>;
  /**
   * A delete button on each row (`useRowDelete`, with the namespace's `delete.*` strings and `delete.body`); the list
   * reloads after a delete.
   */
  rowDelete?: { name: (row: T) => string; remove: (row: T) => Promise<unknown>; disabled?: (row: T) => boolean };
  /** Between the heading and the table (search, filters, bulk actions). */
  filters?: ReactNode;
  /** Under the pager (dialogs the rows open). */
  children?: ReactNode;
}

/**
 * One admin list page, on the list kit: heading with its create button (`AdminListHeader`), filters, the table
 * (`AdminListTable`: loading, load error with retry, empty text), the pager (`CursorPager`) and the row delete
 * (`useRowDelete`).
 */
export function AdminListPage<T>(props: AdminListPageProps<T>) {
  const { text, title: heading, createTo, back, aside, maw = 1100, list, rows, pages, rowDelete, filters, children, columns, ...table } = props;
  const { t } = useTranslation();
  const ns = text.slice(0, text.indexOf(':'));
  const remove = useRowDelete<T>({
    ns,
    name: (row) => rowDelete?.name(row) ?? '',
    body: rowDelete ? t(`${ns}:delete.body`) : '',
    remove: (row) => rowDelete?.remove(row) ?? Promise.resolve(),
    disabled: rowDelete?.disabled,
    onDeleted: () => list.mutate(),
  });
  const title = heading ?? t(`${text}.title`);
  return (
    <AdminPage title={title} back={back} aside={aside} maw={maw} heading={createTo && <AdminListHeader title={title} createLabel={t(`${text}.create`)} createTo={createTo} />}>
      {filters}
      <AdminListTable
        {...table}
        rows={rows ?? list.data?.items}
        error={list.error}
        loadErrorTitle={t(`${text}.loadError`)}
        onRetry={() => void list.mutate()}
        emptyText={t(`${text}.empty`)}
        columns={rowDelete ? [...columns, remove.column] : columns}
      />
      {pages && <CursorPager pages={pages} nextCursor={list.data?.nextCursor} />}
      {rowDelete && remove.confirm}
      {children}
    </AdminPage>
  );
}
