import { TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { groupFieldsSchema } from '../../../../../shared/api/calls/groups';
import { ApiError } from '../../../lib/api-error';
import { zodFieldErrors } from '../../../lib/form-errors';
import { errorMessage, useTranslation } from '../../../lib/i18n';
import type { AsyncAction } from '../../../lib/async-action';
import { FormCard } from '../../../components/admin-page/form-actions';

interface GroupFormProps {
  initialName?: string;
  submitLabel: string;
  /** Throws when the save failed (after telling the reader). */
  onSubmit: AsyncAction<[name: string]>;
}

/** A group's name (SPEC §5: required). */
export function GroupForm({ initialName = '', submitLabel, onSubmit }: GroupFormProps) {
  const { t } = useTranslation();
  const form = useForm({ initialValues: { name: initialName }, validate: (v) => zodFieldErrors(groupFieldsSchema, v) });
  const submit = form.onSubmit(async ({ name }) => {
    try {
      await onSubmit(name.trim());
    } catch (error) {
      // The page already told the reader (toast); a field error also shows in place.
      if (error instanceof ApiError && error.fields.name) form.setFieldError('name', error.fields.name);
    }
  });
  const code = form.errors.name;
  return (
    <FormCard onSubmit={(e) => void submit(e)} maw={560} submitLabel={submitLabel} submitting={form.submitting}>
      <TextInput
        {...form.getInputProps('name')}
        error={typeof code === 'string' ? errorMessage(code) : undefined}
        label={t('groups:fields.name')}
        withAsterisk
      />
    </FormCard>
  );
}
