import { ActionIcon } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState, type ReactElement } from 'react';
import { errorMessage, useTranslation } from '../lib/i18n';
import { toast } from '../lib/toast';
import type { AdminListColumn } from './admin-list-table';
import { ConfirmDelete } from './confirm-delete';

interface RowDeleteOptions<T> {
  /** The namespace of the strings: `actions.deleteNamed`, `actions.delete`, `actions.cancel`, `delete.title`, `delete.done` (each with `{{title}}` where named). */
  ns: string;
  /** The row's name in the button's label, the question and the notice. */
  name: (row: T) => string;
  body: string;
  remove(row: T): Promise<unknown>;
  /** Reloads the list after a delete. */
  onDeleted(): Promise<unknown>;
  /** A row that cannot be deleted keeps its button, disabled. */
  disabled?: (row: T) => boolean;
}

/**
 * Deleting one row of an admin list: the trash button column and the confirmation it opens; a failure is toasted
 * and the confirmation stays open.
 */
export function useRowDelete<T>({ ns, name, body, remove, onDeleted, disabled }: RowDeleteOptions<T>): { column: AdminListColumn<T>; confirm: ReactElement } {
  const { t } = useTranslation(ns);
  const [deleting, setDeleting] = useState<T>();
  const column: AdminListColumn<T> = {
    key: 'delete',
    header: '',
    align: 'right',
    cell: (row) => (
      <ActionIcon variant="subtle" color="red" aria-label={t('actions.deleteNamed', { title: name(row) })} disabled={disabled?.(row)} onClick={() => setDeleting(row)}>
        <IconTrash size={16} aria-hidden />
      </ActionIcon>
    ),
  };
  const confirm = (
    <ConfirmDelete
      opened={deleting !== undefined}
      onClose={() => setDeleting(undefined)}
      title={t('delete.title', { title: deleting === undefined ? '' : name(deleting) })}
      body={body}
      confirmLabel={t('actions.delete')}
      cancelLabel={t('actions.cancel')}
      onConfirm={async () => {
        if (deleting === undefined) return;
        try {
          await remove(deleting);
          toast.success(t('delete.done', { title: name(deleting) }));
          setDeleting(undefined);
          await onDeleted();
        } catch (e) {
          toast.error(errorMessage(e));
        }
      }}
    />
  );
  return { column, confirm };
}
