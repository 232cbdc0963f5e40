import { ActionIcon, Button, Checkbox, Group, Paper, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { isChoiceQuestion, surveyQuestionTypes, surveySchema, type SurveyQuestion, type SurveyQuestionType } from '../../../../../shared/rules/survey';
import { ApiError } from '../../../lib/api-error';
import { zodFieldErrors } from '../../../lib/form-errors';
import { errorMessage, useTranslation } from '../../../lib/i18n';
import type { AsyncAction } from '../../../lib/async-action';
import type { EnqueteFormValues } from '../api';
import { FormCard } from '../../../components/admin-page/form-actions';

interface EnqueteFormProps {
  initial?: EnqueteFormValues;
  submitLabel: string;
  /** Throws when the save failed (after telling the reader). */
  onSubmit: AsyncAction<[form: EnqueteFormValues]>;
}

/** A question as the builder edits it: the options are one per line. */
interface QuestionValues extends Omit<SurveyQuestion, 'options'> {
  optionsText: string;
}
interface BuilderValues {
  title: string;
  questions: QuestionValues[];
}

const newQuestion = (): QuestionValues => ({ title: '', fieldName: '', type: 'singleLine', required: false, optionsText: '' });
const toBuilder = (form: EnqueteFormValues): BuilderValues => ({
  title: form.title,
  questions: form.questions.map(({ options, ...q }) => ({ ...q, optionsText: options.join('\n') })),
});
const toForm = (v: BuilderValues): EnqueteFormValues => ({
  title: v.title.trim(),
  questions: v.questions.map(({ optionsText, ...q }) => ({
    ...q,
    title: q.title.trim(),
    fieldName: q.fieldName.trim(),
    options: isChoiceQuestion(q.type) ? optionsText.split('\n').map((o) => o.trim()).filter((o, i, all) => o !== '' || i < all.length - 1) : [],
  })),
});

/** Field errors of the survey rules mapped onto the builder: an option's issue shows on its question's options box. */
const builderErrors = (fields: Record<string, string>): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const [path, code] of Object.entries(fields)) {
    const key = path.replace(/^(questions\.\d+)\.options(\.\d+)?$/, '$1.optionsText');
    out[key] ??= code;
  }
  return out;
};

/** SPEC §3 Survey builder: a title and questions (single line, multiline, radio, checkbox; required; options). */
export function EnqueteForm({ initial, submitLabel, onSubmit }: EnqueteFormProps) {
  const { t } = useTranslation();
  const form = useForm<BuilderValues>({
    initialValues: initial ? toBuilder(initial) : { title: '', questions: [newQuestion()] },
    validate: (v) => builderErrors(zodFieldErrors(surveySchema, toForm(v))),
  });
  const submit = form.onSubmit(async (values) => {
    try {
      await onSubmit(toForm(values));
    } catch (error) {
      // The page already told the reader (toast); field errors also show in place.
      if (error instanceof ApiError) form.setErrors(builderErrors(error.fields));
    }
  });
  const message = (field: string) => {
    const code = form.errors[field];
    return typeof code === 'string' ? errorMessage(code) : undefined;
  };
  const count = form.values.questions.length;
  const types = surveyQuestionTypes.map((type) => ({ value: type, label: t(`enquete:types.${type}`) }));

  return (
    <FormCard
      onSubmit={(e) => void submit(e)}
      maw={820}
      p={{ base: 'md', sm: 'lg' }}
      submitLabel={submitLabel}
      submitting={form.submitting}
      leading={
        <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => form.insertListItem('questions', newQuestion())}>
          {t('enquete:builder.add')}
        </Button>
      }
    >
      <TextInput {...form.getInputProps('title')} error={message('title')} label={t('enquete:fields.title')} withAsterisk />
      <Text fw={600}>{t('enquete:fields.questions')}</Text>
      {message('questions') && (
        <Text c="red" size="sm">
          {message('questions')}
        </Text>
      )}
      {form.values.questions.map((q, i) => (
        <Paper key={form.key(`questions.${i}`)} withBorder p="md" radius="sm" data-testid={`question-${i}`}>
          <Stack gap="sm">
            <Group justify="space-between" wrap="nowrap">
              <Text fw={500}>{t('enquete:builder.questionNumber', { number: i + 1 })}</Text>
              <Group gap={4} wrap="nowrap">
                <ActionIcon variant="subtle" aria-label={t('enquete:builder.moveUp')} disabled={i === 0} onClick={() => form.reorderListItem('questions', { from: i, to: i - 1 })}>
                  <IconArrowUp size={18} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  aria-label={t('enquete:builder.moveDown')}
                  disabled={i === count - 1}
                  onClick={() => form.reorderListItem('questions', { from: i, to: i + 1 })}
                >
                  <IconArrowDown size={18} />
                </ActionIcon>
                <ActionIcon variant="subtle" color="red" aria-label={t('enquete:builder.remove')} disabled={count === 1} onClick={() => form.removeListItem('questions', i)}>
                  <IconTrash size={18} />
                </ActionIcon>
              </Group>
            </Group>
            <TextInput {...form.getInputProps(`questions.${i}.title`)} error={message(`questions.${i}.title`)} label={t('enquete:fields.questionTitle')} withAsterisk />
            <Group grow align="flex-start" wrap="wrap">
              <TextInput
                {...form.getInputProps(`questions.${i}.fieldName`)}
                error={message(`questions.${i}.fieldName`)}
                label={t('enquete:fields.fieldName')}
                description={t('enquete:fields.fieldNameHelp')}
                withAsterisk
                miw={200}
              />
              <Select
                {...form.getInputProps(`questions.${i}.type`)}
                onChange={(value) => value && form.setFieldValue(`questions.${i}.type`, value as SurveyQuestionType)}
                error={message(`questions.${i}.type`)}
                label={t('enquete:fields.type')}
                data={types}
                allowDeselect={false}
                miw={200}
                comboboxProps={{ withinPortal: true }}
              />
            </Group>
            {isChoiceQuestion(q.type) && (
              <Textarea
                {...form.getInputProps(`questions.${i}.optionsText`)}
                error={message(`questions.${i}.optionsText`)}
                label={t('enquete:fields.options')}
                description={t('enquete:fields.optionsHelp')}
                autosize
                minRows={3}
                withAsterisk
              />
            )}
            <Checkbox {...form.getInputProps(`questions.${i}.required`, { type: 'checkbox' })} label={t('enquete:fields.required')} />
          </Stack>
        </Paper>
      ))}
    </FormCard>
  );
}
