import { Group, Skeleton } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Suspense, useMemo } from 'react';
import { CONTENT_MAX_PRICES } from '../../../../../shared/api/calls/content-items';
import { commonFieldOf } from '../../../components/content-fields/common-values';
import { ContentFormFrame, MainFields } from '../../../components/content-fields/content-form-parts';
import { commonForm, inputOf } from '../../../components/content-fields/form-access';
import { LibraryFilesField } from '../../../components/content-fields/library-files-field';
import { PricesField } from '../../../components/content-fields/prices-field';
import { PublicationFields } from '../../../components/content-fields/publication-fields';
import { ThumbnailField } from '../../../components/content-fields/thumbnail-field';
import { ApiError } from '../../../lib/api-error';
import { zodFieldErrors } from '../../../lib/form-errors';
import { errorMessage, useTranslation } from '../../../lib/i18n';
import type { ContentTypeUi } from '../content-types';
import { formToInput, type ContentFormValues } from '../form-values';
import { FormSection } from '../../../components/admin-page/form-section';
import { SuggestedDateInput } from '../../../components/suggested-date-input';

const mapFields = (fields: Record<string, string>) => Object.fromEntries(Object.entries(fields).map(([p, c]) => [commonFieldOf(p), c]));

/** The form checked with the server's own schema (the type's create input); `showServerErrors` puts a 400's fields in place. */
export function useContentForm(ui: ContentTypeUi, initialValues: ContentFormValues) {
  const schema = ui.calls.create.input;
  const form = useForm<ContentFormValues>({
    initialValues,
    validate: (values) => mapFields(zodFieldErrors(schema, formToInput(values, ui.formToFields(values.fields)))),
  });
  const showServerErrors = (error: unknown) => {
    if (error instanceof ApiError && Object.keys(error.fields).length) form.setErrors(mapFields(error.fields));
  };
  return { form, showServerErrors };
}

interface ContentFormProps {
  ui: ContentTypeUi;
  form: ReturnType<typeof useContentForm>['form'];
  submitLabel: string;
  onSubmit: (e?: React.FormEvent<HTMLFormElement>) => void;
}

/** SPEC §3 fields every content shares, with the type's own editor between the main fields and the publication. */
export function ContentForm({ ui, form, submitLabel, onSubmit }: ContentFormProps) {
  const { t } = useTranslation();
  const common = commonForm(form);
  const error = useMemo(
    () => (path: string) => {
      const code = form.errors[`fields.${path}`] ?? (path === '' ? form.errors.fields : undefined);
      return typeof code === 'string' ? errorMessage(code) : undefined;
    },
    [form.errors],
  );
  const Editor = ui.Editor;
  return (
    <ContentFormFrame form={common} submitLabel={submitLabel} onSubmit={onSubmit} maw={860}>
      <MainFields form={common} titleLabel={t('contents:fields.title')} />
      <Suspense fallback={<Skeleton h={240} />}>
        <Editor form={form} error={error} />
      </Suspense>
      <FormSection title={t('contentfields:form.publication')}>
        <PublicationFields form={common} audience />
        <Group grow>
          <SuggestedDateInput {...inputOf(common, 'viewableStart')} kind="datetime" label={t('contentfields:fields.viewableStart')} />
          <SuggestedDateInput {...inputOf(common, 'viewableEnd')} kind="datetime" label={t('contentfields:fields.viewableEnd')} />
        </Group>
        <PricesField form={common} max={CONTENT_MAX_PRICES} />
      </FormSection>
      <ThumbnailField form={common} />
      <LibraryFilesField form={common} />
    </ContentFormFrame>
  );
}
