import { ActionIcon, Badge, Button, Group, Modal, Text } from '@mantine/core';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import type { CustomField } from '../../../../../shared/api/calls/custom-fields';
import { AdminListTable } from '../../../components/admin-list-table';
import { errorMessage, useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { deleteCustomField } from '../api';

interface CustomFieldTableProps {
  fields: CustomField[];
  onEdit: (field: CustomField) => void;
  onChanged: () => void;
}

/** The team's custom fields with how many members answered each (a field with answers cannot be deleted). */
export function CustomFieldTable({ fields, onEdit, onChanged }: CustomFieldTableProps) {
  const { t } = useTranslation();
  const [deleting, setDeleting] = useState<CustomField | null>(null);

  const remove = async (field: CustomField) => {
    setDeleting(null);
    try {
      await deleteCustomField(field.fieldId);
      toast.success(t('invites:fields.deleted'));
    } catch (e) {
      toast.error(errorMessage(e));
    }
    onChanged();
  };

  return (
    <>
      <AdminListTable
        rows={fields}
        rowKey={(field) => field.fieldId}
        emptyText={t('invites:fields.empty')}
        columns={[
          { key: 'name', header: t('invites:fields.columns.name'), cell: (field) => <Text span inherit fw={500}>{field.name}</Text> },
          { key: 'type', header: t('invites:fields.columns.type'), cell: (field) => <Badge variant="light">{t(`invites:fields.types.${field.type}`)}</Badge> },
          { key: 'required', header: t('invites:fields.columns.required'), cell: (field) => (field.required ? t('invites:fields.yes') : t('invites:fields.no')) },
          {
            key: 'options',
            header: t('invites:fields.columns.options'),
            cell: (field) => (
              <Text size="sm" c={field.options.length ? undefined : 'dimmed'}>
                {field.options.length ? field.options.join(' / ') : '—'}
              </Text>
            ),
          },
          { key: 'answers', header: t('invites:fields.columns.answers'), cell: (field) => field.answerCount },
          {
            key: 'actions',
            header: t('invites:fields.columns.actions'),
            align: 'right',
            cell: (field) => (
              <Group gap={4} justify="flex-end" wrap="nowrap">
                <ActionIcon variant="subtle" aria-label={t('invites:fields.edit', { name: field.name })} onClick={() => onEdit(field)}>
                  <IconEdit size={18} aria-hidden />
                </ActionIcon>
                <ActionIcon variant="subtle" color="red" aria-label={t('invites:fields.delete', { name: field.name })} onClick={() => setDeleting(field)}>
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              </Group>
            ),
          },
        ]}
      />
      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title={t('invites:fields.deleteConfirm.title')} centered>
        <Text size="sm">{t('invites:fields.deleteConfirm.body', { name: deleting?.name ?? '' })}</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setDeleting(null)}>
            {t('invites:fields.deleteConfirm.cancel')}
          </Button>
          <Button color="red" onClick={() => deleting && void remove(deleting)}>
            {t('invites:fields.deleteConfirm.confirm')}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
