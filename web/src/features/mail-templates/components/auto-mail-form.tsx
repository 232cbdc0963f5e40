import { Badge, Button, Group, Stack, Switch } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconRestore } from '@tabler/icons-react';
import { useState } from 'react';
import type { AutoMailTemplate } from '../../../../../shared/api/calls/mail-templates';
import { mailTemplateUpdateInput } from '../../../../../shared/api/calls/mail-templates';
import { ConfirmDelete } from '../../../components/confirm-delete';
import { ApiError } from '../../../lib/api-error';
import type { AsyncAction } from '../../../lib/async-action';
import { zodFieldErrors } from '../../../lib/form-errors';
import { errorMessage, useTranslation } from '../../../lib/i18n';
import type { AutoMailForm as AutoMailValues } from '../api';
import { TemplateTextFields } from './template-text-fields';

interface AutoMailFormProps {
  template: AutoMailTemplate;
  variables: string[] | undefined;
  /** Throws when the save failed (after telling the reader). */
  onSubmit: AsyncAction<[form: AutoMailValues]>;
  onReset: AsyncAction;
}

/** SPEC §3 Auto mail in one language: status, subject and body, and the way back to the platform's text. */
export function AutoMailForm({ template, variables, onSubmit, onReset }: AutoMailFormProps) {
  const { t } = useTranslation('mailtemplates');
  const [confirmReset, setConfirmReset] = useState(false);
  const form = useForm<AutoMailValues>({
    initialValues: { subject: template.subject, body: template.body, enabled: template.enabled },
    validate: (v) => zodFieldErrors(mailTemplateUpdateInput, { ...v, event: template.event, language: template.language, version: template.version }),
  });
  const submit = form.onSubmit(async (values) => {
    try {
      await onSubmit({ ...values, subject: values.subject.trim() });
    } catch (error) {
      // The page already told the reader (toast); field errors also show in place.
      if (error instanceof ApiError) for (const [field, code] of Object.entries(error.fields)) form.setFieldError(field, code);
    }
  });
  const message = (field: string) => {
    const code = form.errors[field];
    return typeof code === 'string' ? errorMessage(code) : undefined;
  };
  const prefix = `${template.event}-${template.language}`;

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack>
        <Group justify="space-between" wrap="wrap">
          <Switch
            {...form.getInputProps('enabled', { type: 'checkbox' })}
            label={t('fields.enabled')}
            description={t('fields.enabledHelp')}
          />
          <Badge variant="light" color={template.edited ? 'blue' : 'gray'} tt="none">
            {t(template.edited ? 'status.edited' : 'status.default')}
          </Badge>
        </Group>
        <TemplateTextFields
          idPrefix={prefix}
          subject={form.values.subject}
          body={form.values.body}
          onChange={(field, value) => form.setFieldValue(field, value)}
          errors={{ subject: message('subject'), body: message('body') }}
          variables={variables}
        />
        <Group justify="space-between" wrap="wrap-reverse" gap="sm">
          <Button variant="subtle" color="gray" leftSection={<IconRestore size={16} aria-hidden />} disabled={!template.edited} onClick={() => setConfirmReset(true)}>
            {t('actions.reset')}
          </Button>
          <Button type="submit" loading={form.submitting}>
            {t('actions.save')}
          </Button>
        </Group>
      </Stack>
      <ConfirmDelete
        opened={confirmReset}
        onClose={() => setConfirmReset(false)}
        title={t('reset.title')}
        body={t('reset.body')}
        confirmLabel={t('actions.reset')}
        cancelLabel={t('actions.cancel')}
        onConfirm={async () => {
          await onReset();
          setConfirmReset(false);
        }}
      />
    </form>
  );
}
