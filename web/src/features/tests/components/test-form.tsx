import { ActionIcon, Button, Checkbox, Group, NumberInput, Paper, Radio, Select, Stack, Switch, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { QuizTest } from '../../../../../shared/api/calls/test-quizzes';
import { testSchema } from '../../../../../shared/rules/test-quiz';
import { ApiError } from '../../../lib/api-error';
import { zodFieldErrors } from '../../../lib/form-errors';
import { errorMessage, useTranslation } from '../../../lib/i18n';
import type { AsyncAction } from '../../../lib/async-action';
import type { TestFormInput } from '../api';
import { FormActions } from '../../../components/admin-page/form-actions';
import { FormSection } from '../../../components/admin-page/form-section';

interface QuestionValues {
  title: string;
  fieldName: string;
  type: 'radio' | 'checkbox';
  options: string[];
  correctAnswers: number[];
  explanation: string;
}

export interface TestFormValues {
  title: string;
  questions: QuestionValues[];
  passStandard: number | string;
  retest: boolean;
  stopRetestIfPassed: boolean;
  /** '' = no limit. */
  retestLimit: number | string;
  testOnlyAfterVideo: boolean;
  passShowExplanation: boolean;
  passButtonText: string;
  passButtonUrl: string;
  passNote: string;
  failShowAnswer: boolean;
  failShowExplanation: boolean;
}

const newQuestion = (n: number): QuestionValues => ({ title: '', fieldName: `q${n}`, type: 'radio', options: ['', ''], correctAnswers: [], explanation: '' });

export const emptyTestForm = (): TestFormValues => ({
  title: '',
  questions: [newQuestion(1)],
  passStandard: 1,
  retest: true,
  stopRetestIfPassed: false,
  retestLimit: '',
  testOnlyAfterVideo: false,
  passShowExplanation: true,
  passButtonText: '',
  passButtonUrl: '',
  passNote: '',
  failShowAnswer: false,
  failShowExplanation: false,
});

export const testToForm = (t: QuizTest): TestFormValues => ({
  title: t.title,
  questions: t.questions.map((q) => ({ ...q, options: [...q.options], correctAnswers: [...q.correctAnswers], explanation: q.explanation ?? '' })),
  passStandard: t.passStandard,
  retest: t.retest,
  stopRetestIfPassed: t.stopRetestIfPassed,
  retestLimit: t.retestLimit ?? '',
  testOnlyAfterVideo: t.testOnlyAfterVideo,
  passShowExplanation: t.passShowExplanation,
  passButtonText: t.passButtonText ?? '',
  passButtonUrl: t.passButtonUrl ?? '',
  passNote: t.passNote ?? '',
  failShowAnswer: t.failShowAnswer,
  failShowExplanation: t.failShowExplanation,
});

const numberOrUndefined = (v: number | string) => (v === '' ? undefined : Number(v));

export function formToInput(f: TestFormValues): TestFormInput {
  return {
    title: f.title.trim(),
    questions: f.questions.map((q) => ({
      title: q.title.trim(),
      fieldName: q.fieldName.trim(),
      type: q.type,
      options: q.options.map((o) => o.trim()),
      correctAnswers: [...q.correctAnswers].sort((a, b) => a - b),
      ...(q.explanation.trim() ? { explanation: q.explanation.trim() } : {}),
    })),
    passStandard: f.passStandard === '' ? Number.NaN : Number(f.passStandard),
    retest: f.retest,
    stopRetestIfPassed: f.stopRetestIfPassed,
    ...(f.retest && numberOrUndefined(f.retestLimit) !== undefined ? { retestLimit: numberOrUndefined(f.retestLimit) } : {}),
    testOnlyAfterVideo: f.testOnlyAfterVideo,
    passShowExplanation: f.passShowExplanation,
    ...(f.passButtonText.trim() ? { passButtonText: f.passButtonText.trim() } : {}),
    ...(f.passButtonUrl.trim() ? { passButtonUrl: f.passButtonUrl.trim() } : {}),
    ...(f.passNote.trim() ? { passNote: f.passNote.trim() } : {}),
    failShowAnswer: f.failShowAnswer,
    failShowExplanation: f.failShowExplanation,
  };
}

interface TestFormProps {
  initial: TestFormValues;
  submitLabel: string;
  /** Throws when the save failed (after telling the reader). */
  onSubmit: AsyncAction<[input: TestFormInput]>;
}

/**
 * SPEC §3 Test builder: questions (radio or checkbox) with options, correct answers and explanation, the pass
 * standard, the retest rules, "only after the video", and what the member sees on a pass or a fail.
 */
export function TestForm({ initial, submitLabel, onSubmit }: TestFormProps) {
  const { t } = useTranslation();
  const form = useForm<TestFormValues>({ initialValues: initial, validate: (v) => zodFieldErrors(testSchema, formToInput(v)) });
  const submit = form.onSubmit(async (values) => {
    try {
      await onSubmit(formToInput(values));
    } catch (error) {
      // The page already told the reader (toast); field errors also show in place.
      if (error instanceof ApiError) for (const [field, code] of Object.entries(error.fields)) form.setFieldError(field, code);
    }
  });
  const message = (field: string) => {
    const code = form.errors[field];
    return typeof code === 'string' ? errorMessage(code) : undefined;
  };
  /** The message about a question's options as a whole or its correct answers (one group on screen). */
  const optionsMessage = (i: number) => message(`questions.${i}.options`) ?? message(`questions.${i}.correctAnswers`);
  const v = form.values;

  const toggleCorrect = (qi: number, oi: number) => {
    const q = v.questions[qi]!;
    const next = q.type === 'radio' ? [oi] : q.correctAnswers.includes(oi) ? q.correctAnswers.filter((x) => x !== oi) : [...q.correctAnswers, oi];
    form.setFieldValue(`questions.${qi}.correctAnswers`, next);
  };
  const removeOption = (qi: number, oi: number) => {
    const q = v.questions[qi]!;
    form.setFieldValue(`questions.${qi}.options`, q.options.filter((_, i) => i !== oi));
    form.setFieldValue(
      `questions.${qi}.correctAnswers`,
      q.correctAnswers.filter((x) => x !== oi).map((x) => (x > oi ? x - 1 : x)),
    );
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="lg" maw={880}>
        <Paper withBorder p="lg" radius="md">
          <TextInput {...form.getInputProps('title')} error={message('title')} label={t('tests:fields.title')} withAsterisk />
        </Paper>

        <Stack gap="md">
          <Title order={2} size="h4">
            {t('tests:form.questions')}
          </Title>
          {message('questions') && (
            <Text c="red" size="sm">
              {message('questions')}
            </Text>
          )}
          {v.questions.map((q, qi) => (
            <Paper key={qi} withBorder p="lg" radius="md" data-testid={`question-${qi}`}>
              <Stack>
                <Group justify="space-between">
                  <Text fw={600}>{t('tests:form.questionNumber', { n: qi + 1 })}</Text>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('tests:form.removeQuestion', { n: qi + 1 })}
                    disabled={v.questions.length === 1}
                    onClick={() => form.removeListItem('questions', qi)}
                  >
                    <IconTrash size={18} />
                  </ActionIcon>
                </Group>
                <TextInput {...form.getInputProps(`questions.${qi}.title`)} error={message(`questions.${qi}.title`)} label={t('tests:fields.questionTitle')} withAsterisk />
                <Group grow align="flex-start">
                  <TextInput
                    {...form.getInputProps(`questions.${qi}.fieldName`)}
                    error={message(`questions.${qi}.fieldName`)}
                    label={t('tests:fields.fieldName')}
                    description={t('tests:fields.fieldNameHint')}
                    withAsterisk
                  />
                  <Select
                    value={q.type}
                    onChange={(type) => {
                      if (!type) return;
                      form.setFieldValue(`questions.${qi}.type`, type as QuestionValues['type']);
                      // A radio question has one correct answer: keep the first one marked.
                      if (type === 'radio') form.setFieldValue(`questions.${qi}.correctAnswers`, q.correctAnswers.slice(0, 1));
                    }}
                    label={t('tests:fields.type')}
                    data={(['radio', 'checkbox'] as const).map((ty) => ({ value: ty, label: t(`tests:types.${ty}`) }))}
                    allowDeselect={false}
                  />
                </Group>
                <Stack gap="xs">
                  <Text size="sm" fw={500}>
                    {t('tests:fields.options')}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t('tests:fields.optionsHint')}
                  </Text>
                  {q.options.map((_, oi) => (
                    <Group key={oi} gap="xs" wrap="nowrap">
                      {q.type === 'radio' ? (
                        <Radio
                          checked={q.correctAnswers.includes(oi)}
                          onChange={() => toggleCorrect(qi, oi)}
                          aria-label={t('tests:form.markCorrect', { n: oi + 1 })}
                        />
                      ) : (
                        <Checkbox
                          checked={q.correctAnswers.includes(oi)}
                          onChange={() => toggleCorrect(qi, oi)}
                          aria-label={t('tests:form.markCorrect', { n: oi + 1 })}
                        />
                      )}
                      <TextInput
                        {...form.getInputProps(`questions.${qi}.options.${oi}`)}
                        error={message(`questions.${qi}.options.${oi}`)}
                        aria-label={t('tests:form.option', { n: oi + 1 })}
                        style={{ flex: 1 }}
                      />
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('tests:form.removeOption', { n: oi + 1 })}
                        disabled={q.options.length <= 2}
                        onClick={() => removeOption(qi, oi)}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Group>
                  ))}
                  {optionsMessage(qi) && (
                    <Text c="red" size="sm">
                      {optionsMessage(qi)}
                    </Text>
                  )}
                  <Group>
                    <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} onClick={() => form.insertListItem(`questions.${qi}.options`, '')}>
                      {t('tests:form.addOption')}
                    </Button>
                  </Group>
                </Stack>
                <Textarea
                  {...form.getInputProps(`questions.${qi}.explanation`)}
                  error={message(`questions.${qi}.explanation`)}
                  label={t('tests:fields.explanation')}
                  autosize
                  minRows={2}
                />
              </Stack>
            </Paper>
          ))}
          <Group>
            <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => form.insertListItem('questions', newQuestion(v.questions.length + 1))}>
              {t('tests:form.addQuestion')}
            </Button>
          </Group>
        </Stack>

        <FormSection title={t('tests:form.rules')}>
          <NumberInput
            {...form.getInputProps('passStandard')}
            error={message('passStandard')}
            label={t('tests:fields.passStandard')}
            description={t('tests:fields.passStandardHint', { count: v.questions.length })}
            min={1}
            max={v.questions.length}
            allowDecimal={false}
            withAsterisk
            maw={240}
          />
          <Switch {...form.getInputProps('retest', { type: 'checkbox' })} label={t('tests:fields.retest')} />
          {v.retest && (
            <>
              <Switch {...form.getInputProps('stopRetestIfPassed', { type: 'checkbox' })} label={t('tests:fields.stopRetestIfPassed')} />
              <NumberInput
                {...form.getInputProps('retestLimit')}
                error={message('retestLimit')}
                label={t('tests:fields.retestLimit')}
                description={t('tests:fields.retestLimitHint')}
                min={1}
                allowDecimal={false}
                maw={240}
              />
            </>
          )}
          <Switch
            {...form.getInputProps('testOnlyAfterVideo', { type: 'checkbox' })}
            label={t('tests:fields.testOnlyAfterVideo')}
            description={t('tests:fields.testOnlyAfterVideoHint')}
          />
        </FormSection>

        <FormSection title={t('tests:form.onPass')}>
          <Switch {...form.getInputProps('passShowExplanation', { type: 'checkbox' })} label={t('tests:fields.showExplanation')} />
          <TextInput {...form.getInputProps('passButtonText')} error={message('passButtonText')} label={t('tests:fields.passButtonText')} />
          <TextInput
            {...form.getInputProps('passButtonUrl')}
            error={message('passButtonUrl')}
            label={t('tests:fields.passButtonUrl')}
            description={t('tests:fields.passButtonUrlHint')}
            placeholder="https://example.com/next?user={userId}"
          />
          <Textarea {...form.getInputProps('passNote')} error={message('passNote')} label={t('tests:fields.passNote')} autosize minRows={2} />
        </FormSection>

        <FormSection title={t('tests:form.onFail')}>
          <Switch {...form.getInputProps('failShowAnswer', { type: 'checkbox' })} label={t('tests:fields.showAnswer')} />
          <Switch {...form.getInputProps('failShowExplanation', { type: 'checkbox' })} label={t('tests:fields.showExplanation')} />
        </FormSection>

        <FormActions submitLabel={submitLabel} submitting={form.submitting} />
      </Stack>
    </form>
  );
}
