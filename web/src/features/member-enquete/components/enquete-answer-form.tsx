import { Alert, Button, Checkbox, Group, Radio, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import type { EnqueteSource, MemberEnquete } from '../../../../../shared/api/calls/enquete';
import type { SurveyQuestion } from '../../../../../shared/rules/survey';
import { ApiError } from '../../../lib/api-error';
import { formatDateTime } from '../../../lib/format';
import { errorMessage, useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { answerEnquete } from '../api';

interface EnqueteAnswerFormProps {
  enquete: MemberEnquete;
  source: EnqueteSource;
  sourceId?: string;
  /** After the answer was saved. */
  onAnswered: () => void;
  /** The survey's title as a heading (a page) or not (inline under a video). */
  withTitle?: boolean;
}

const emptyOf = (q: SurveyQuestion) => (q.type === 'checkbox' ? [] : '');

/**
 * A member answers a survey (SPEC §3 Survey; §5 every required question answered). The server checks the answers
 * with the survey rules; its field messages show under each question.
 */
export function EnqueteAnswerForm({ enquete, source, sourceId, onAnswered, withTitle = true }: EnqueteAnswerFormProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Record<string, string | string[]>>(() => Object.fromEntries(enquete.questions.map((q) => [q.fieldName, emptyOf(q)])));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);
  const set = (fieldName: string, value: string | string[]) => setValues((v) => ({ ...v, [fieldName]: value }));
  const message = (fieldName: string) => {
    const code = errors[`answers.${fieldName}`];
    return code ? errorMessage(code) : undefined;
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setSending(true);
    try {
      await answerEnquete(source, sourceId, values);
      setErrors({});
      toast.success(t('enquete:member.thanks'));
      onAnswered();
    } catch (error) {
      if (error instanceof ApiError) setErrors(error.fields);
      toast.error(errorMessage(error));
    } finally {
      setSending(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="lg">
        {withTitle && (
          <Title order={1} size="h2">
            {enquete.title}
          </Title>
        )}
        {enquete.answeredAt && (
          <Alert color="blue" variant="light">
            {t('enquete:member.answeredBefore', { date: formatDateTime(enquete.answeredAt) })}
          </Alert>
        )}
        {enquete.questions.map((q) => {
          const value = values[q.fieldName];
          const common = { label: q.title, withAsterisk: q.required, error: message(q.fieldName) };
          if (q.type === 'singleLine') return <TextInput key={q.fieldName} {...common} value={String(value ?? '')} onChange={(e) => set(q.fieldName, e.currentTarget.value)} />;
          if (q.type === 'multiline')
            return <Textarea key={q.fieldName} {...common} value={String(value ?? '')} onChange={(e) => set(q.fieldName, e.currentTarget.value)} autosize minRows={3} />;
          if (q.type === 'radio')
            return (
              <Radio.Group key={q.fieldName} {...common} value={typeof value === 'string' ? value : ''} onChange={(v) => set(q.fieldName, v)}>
                <Stack gap="xs" mt="xs">
                  {q.options.map((o) => (
                    <Radio key={o} value={o} label={o} />
                  ))}
                </Stack>
              </Radio.Group>
            );
          return (
            <Checkbox.Group key={q.fieldName} {...common} value={Array.isArray(value) ? value : []} onChange={(v) => set(q.fieldName, v)}>
              <Stack gap="xs" mt="xs">
                {q.options.map((o) => (
                  <Checkbox key={o} value={o} label={o} />
                ))}
              </Stack>
            </Checkbox.Group>
          );
        })}
        <Text size="xs" c="dimmed">
          {t('enquete:member.requiredNote')}
        </Text>
        <Group justify="flex-end">
          <Button type="submit" loading={sending}>
            {t('enquete:member.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
