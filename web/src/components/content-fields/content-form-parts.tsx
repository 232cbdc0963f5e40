import { Paper, Stack, TextInput, Textarea, type StackProps } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n';
import { FormActions } from '../admin-page/form-actions';
import { inputOf, type CommonForm } from './form-access';
import { TaxonomySelects } from './taxonomy-selects';

/** The form of any content: its sections one under the other, then the submit button (busy while it saves). */
export function ContentFormFrame({
  form,
  submitLabel,
  onSubmit,
  maw,
  children,
}: {
  form: CommonForm;
  submitLabel: string;
  onSubmit: (e?: FormEvent<HTMLFormElement>) => void;
  maw: StackProps['maw'];
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="lg" maw={maw}>
        {children}
        <FormActions submitLabel={submitLabel} submitting={form.submitting} />
      </Stack>
    </form>
  );
}

/** The first section of any content form: title, taxonomy and overview. The title's label is the type's own. */
export function MainFields({ form, titleLabel }: { form: CommonForm; titleLabel: string }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="lg" radius="md">
      <Stack>
        <TextInput {...inputOf(form, 'title')} label={titleLabel} withAsterisk />
        <TaxonomySelects form={form} />
        <Textarea {...inputOf(form, 'overview')} label={t('contentfields:fields.overview')} autosize minRows={3} />
      </Stack>
    </Paper>
  );
}
