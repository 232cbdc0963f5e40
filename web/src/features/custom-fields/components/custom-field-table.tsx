import { ActionIcon, Badge, Button, Group, Modal, Paper, Table, Text } from '@mantine/core';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import type { CustomField } from '../../../../../shared/api/calls/custom-fields';
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
    <Paper withBorder radius="md">
      <Table.ScrollContainer minWidth={640}>
        <Table verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('invites:fields.columns.name')}</Table.Th>
              <Table.Th>{t('invites:fields.columns.type')}</Table.Th>
              <Table.Th>{t('invites:fields.columns.required')}</Table.Th>
              <Table.Th>{t('invites:fields.columns.options')}</Table.Th>
              <Table.Th>{t('invites:fields.columns.answers')}</Table.Th>
              <Table.Th ta="right">{t('invites:fields.columns.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {fields.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={6}>
                  <Text c="dimmed" ta="center" py="lg">
                    {t('invites:fields.empty')}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {fields.map((field) => (
              <Table.Tr key={field.fieldId}>
                <Table.Td fw={500}>{field.name}</Table.Td>
                <Table.Td>
                  <Badge variant="light">{t(`invites:fields.types.${field.type}`)}</Badge>
                </Table.Td>
                <Table.Td>{field.required ? t('invites:fields.yes') : t('invites:fields.no')}</Table.Td>
                <Table.Td>
                  <Text size="sm" c={field.options.length ? undefined : 'dimmed'}>
                    {field.options.length ? field.options.join(' / ') : '—'}
                  </Text>
                </Table.Td>
                <Table.Td>{field.answerCount}</Table.Td>
                <Table.Td>
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    <ActionIcon variant="subtle" aria-label={t('invites:fields.edit', { name: field.name })} onClick={() => onEdit(field)}>
                      <IconEdit size={18} aria-hidden />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('invites:fields.delete', { name: field.name })}
                      onClick={() => setDeleting(field)}
                    >
                      <IconTrash size={18} aria-hidden />
                    </ActionIcon>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
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
    </Paper>
  );
}
