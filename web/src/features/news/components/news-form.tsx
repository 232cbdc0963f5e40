import { MultiSelect, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { NEWS_CONTENT_MAX_LENGTH } from '../../../../../shared/constants';
import { newsSchema } from '../../../../../shared/rules/news';
import { ApiError } from '../../../lib/api-error';
import { zodFieldErrors } from '../../../lib/form-errors';
import { errorMessage, useTranslation } from '../../../lib/i18n';
import type { AsyncAction } from '../../../lib/async-action';
import type { NewsForm as NewsFormValues } from '../api';
import { FormCard } from '../../../components/admin-page/form-actions';
import { namedPills } from '../../../components/named-pills';

interface NewsFormProps {
  initial?: NewsFormValues;
  groups: { value: string; label: string }[];
  submitLabel: string;
  /** Throws when the save failed (after telling the reader). */
  onSubmit: AsyncAction<[form: NewsFormValues]>;
}

const empty: NewsFormValues = { title: '', content: '', groupIds: [] };

/** SPEC §3 News: title, content (§5: required, up to 1000) and the groups that see it (none: every member). */
export function NewsForm({ initial = empty, groups, submitLabel, onSubmit }: NewsFormProps) {
  const { t } = useTranslation();
  const form = useForm({ initialValues: initial, validate: (v) => zodFieldErrors(newsSchema, v) });
  const submit = form.onSubmit(async (values) => {
    try {
      await onSubmit({ ...values, title: values.title.trim() });
    } catch (error) {
      // The page already told the reader (toast); field errors also show in place.
      if (error instanceof ApiError) {
        for (const [field, code] of Object.entries(error.fields)) form.setFieldError(field.startsWith('groupIds') ? 'groupIds' : field, code);
      }
    }
  });
  const message = (field: string) => {
    const code = form.errors[field];
    return typeof code === 'string' ? errorMessage(code) : undefined;
  };
  return (
    <FormCard onSubmit={(e) => void submit(e)} maw={720} submitLabel={submitLabel} submitting={form.submitting}>
      <TextInput {...form.getInputProps('title')} error={message('title')} label={t('news:fields.title')} withAsterisk />
      <Textarea
        {...form.getInputProps('content')}
        error={message('content')}
        label={t('news:fields.content')}
        description={t('news:fields.contentCount', { count: form.values.content.length, max: NEWS_CONTENT_MAX_LENGTH })}
        autosize
        minRows={5}
        withAsterisk
      />
      <MultiSelect
        renderPill={namedPills((title) => t('common:itemPicker.remove', { title }))}
        {...form.getInputProps('groupIds')}
        error={message('groupIds')}
        label={t('news:fields.groups')}
        description={t('news:fields.groupsHelp')}
        placeholder={form.values.groupIds.length ? undefined : t('news:fields.everyone')}
        data={groups}
        clearable
        searchable
        comboboxProps={{ withinPortal: true }}
      />
      {groups.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('news:fields.noGroups')}
        </Text>
      )}
    </FormCard>
  );
}
