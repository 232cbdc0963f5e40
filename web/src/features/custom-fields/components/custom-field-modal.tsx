import { Button, Checkbox, Group, Modal, Select, Stack, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import {
  customFieldSchema,
  customFieldTypes,
  isChoiceField,
  type CustomField,
  type CustomFieldType,
} from '../../../../../shared/api/calls/custom-fields';
import { ApiError } from '../../../lib/api-error';
import { zodFieldErrors } from '../../../lib/form-errors';
import { errorMessage, useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { createCustomField, updateCustomField } from '../api';

interface Values {
  name: string;
  type: CustomFieldType;
  required: boolean;
  /** One option per line. */
  options: string;
}

const toInput = (v: Values) => ({
  name: v.name,
  type: v.type,
  required: v.required,
  // Blank lines are spacing, not options.
  options: isChoiceField(v.type) ? v.options.split('\n').map((line) => line.trim()).filter(Boolean) : [],
});

interface CustomFieldModalProps {
  /** null = closed; 'new' = add a field; a field = edit it. */
  editing: CustomField | 'new' | null;
  onClose: () => void;
  onSaved: () => void;
}

/** Adds or edits one custom field: name, type, required flag, and the options of a choice type. */
export function CustomFieldModal({ editing, onClose, onSaved }: CustomFieldModalProps) {
  const { t } = useTranslation();
  const field = editing && editing !== 'new' ? editing : undefined;
  const form = useForm<Values>({
    initialValues: { name: '', type: 'text', required: false, options: '' },
    validate: (values) => {
      const errors = zodFieldErrors(customFieldSchema, toInput(values));
      // Option-level messages (options.1) are shown on the one options box.
      const optionError = Object.entries(errors).find(([k]) => k.startsWith('options'))?.[1];
      return { ...errors, ...(optionError ? { options: optionError } : {}) };
    },
  });

  const { setValues, resetDirty, clearErrors } = form;
  useEffect(() => {
    if (!editing) return;
    const values: Values = field
      ? { name: field.name, type: field.type, required: field.required, options: field.options.join('\n') }
      : { name: '', type: 'text', required: false, options: '' };
    setValues(values);
    resetDirty(values);
    clearErrors();
  }, [editing, field, setValues, resetDirty, clearErrors]);

  const error = (name: keyof Values) => {
    const code = form.errors[name];
    return typeof code === 'string' ? errorMessage(code) : undefined;
  };

  const submit = form.onSubmit(async (values) => {
    const input = toInput(values);
    try {
      if (field) await updateCustomField({ ...input, fieldId: field.fieldId });
      else await createCustomField(input);
      toast.success(t(field ? 'invites:fields.saved' : 'invites:fields.created'));
      onSaved();
      onClose();
    } catch (e) {
      if (e instanceof ApiError && Object.keys(e.fields).length) {
        const optionError = Object.entries(e.fields).find(([k]) => k.startsWith('options'))?.[1];
        form.setErrors({ ...e.fields, ...(optionError ? { options: optionError } : {}) });
      }
      toast.error(errorMessage(e));
    }
  });

  const typeLocked = Boolean(field && field.answerCount > 0);
  return (
    <Modal opened={editing !== null} onClose={onClose} title={t(field ? 'invites:fields.editTitle' : 'invites:fields.createTitle')} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput {...form.getInputProps('name')} error={error('name')} label={t('invites:fields.name')} withAsterisk data-autofocus />
          <Select
            {...form.getInputProps('type')}
            error={error('type')}
            label={t('invites:fields.type')}
            description={typeLocked ? t('invites:fields.typeLocked') : undefined}
            disabled={typeLocked}
            allowDeselect={false}
            data={customFieldTypes.map((type) => ({ value: type, label: t(`invites:fields.types.${type}`) }))}
          />
          {isChoiceField(form.values.type) && (
            <Textarea
              {...form.getInputProps('options')}
              error={error('options')}
              label={t('invites:fields.options')}
              description={t('invites:fields.optionsHint')}
              autosize
              minRows={3}
              withAsterisk
            />
          )}
          <Checkbox {...form.getInputProps('required', { type: 'checkbox' })} label={t('invites:fields.required')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('invites:fields.cancel')}
            </Button>
            <Button type="submit" loading={form.submitting}>
              {t('invites:fields.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
