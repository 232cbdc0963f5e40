import { Alert, Button, Checkbox, Group, Paper, Radio, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { MemberTestQuestion, MemberTestResult } from '../../../../../shared/api/calls/test-quizzes';
import { LoadError } from '../../../components/load-error';
import { ApiError } from '../../../lib/api-error';
import { errorMessage, useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { answerTest, useMemberTest } from '../api';
import { TestResult } from './test-result';

function QuestionInput({ q, n, value, onChange }: { q: MemberTestQuestion; n: number; value: number[]; onChange: (v: number[]) => void }) {
  const label = `Q${n}. ${q.title}`;
  return (
    <Paper withBorder p="md" radius="md">
      {q.type === 'radio' ? (
        <Radio.Group label={label} value={value[0] === undefined ? null : String(value[0])} onChange={(v) => onChange([Number(v)])}>
          <Stack gap="xs" mt="xs">
            {q.options.map((o, i) => (
              <Radio key={i} value={String(i)} label={o} />
            ))}
          </Stack>
        </Radio.Group>
      ) : (
        <Checkbox.Group label={label} value={value.map(String)} onChange={(v) => onChange(v.map(Number))}>
          <Stack gap="xs" mt="xs">
            {q.options.map((o, i) => (
              <Checkbox key={i} value={String(i)} label={o} />
            ))}
          </Stack>
        </Checkbox.Group>
      )}
    </Paper>
  );
}

/**
 * SPEC §2 member test: the questions (never their answers), submitted for grading on the server; then the result.
 * A member the retest rules or the video rule refuse sees why, with their last result.
 */
export function TakeTest({ testId }: { testId: string }) {
  const { t } = useTranslation();
  const { data, error, mutate } = useMemberTest(testId);
  const [answers, setAnswers] = useState<Record<string, number[]>>({});
  const [result, setResult] = useState<MemberTestResult>();
  const [sending, setSending] = useState(false);

  if (error) return <LoadError title={t('tests:member.loadError')} error={error} onRetry={() => void mutate()} />;
  if (!data) return <Skeleton h={240} role="status" aria-label={t('common:loading')} />;
  const test = data.test;
  const shown = result ?? (test.refusal ? test.lastResult : undefined);

  const submit = async () => {
    if (test.questions.some((q) => !answers[q.fieldName]?.length)) {
      toast.error(t('tests:member.answerAll'));
      return;
    }
    setSending(true);
    try {
      const answer = await answerTest(testId, answers);
      setResult(answer.result);
      setAnswers({});
      window.scrollTo({ top: 0 });
    } catch (e) {
      toast.error(errorMessage(e));
      // A rule refused (another tab answered meanwhile): show the member's standing as it is now.
      if (e instanceof ApiError && e.code.startsWith('test/')) setResult(undefined);
    } finally {
      setSending(false);
      void mutate();
    }
  };

  return (
    <Stack gap="lg" maw={800}>
      <Title order={1} size="h2">
        {test.title}
      </Title>
      {test.refusal && (
        <Alert color="yellow" data-testid="test-refusal">
          {errorMessage(test.refusal)}
        </Alert>
      )}
      {shown ? (
        <>
          <TestResult result={shown} />
          {result && !test.refusal && (
            <Group>
              <Button variant="light" onClick={() => setResult(undefined)}>
                {t('tests:member.retake')}
              </Button>
            </Group>
          )}
        </>
      ) : (
        !test.refusal && (
          <Stack gap="md">
            <Text>{t('tests:member.intro', { pass: test.passStandard, count: test.questions.length })}</Text>
            {test.attemptsLeft !== undefined && (
              <Text size="sm" c="dimmed">
                {t('tests:member.attemptsLeft', { count: test.attemptsLeft })}
              </Text>
            )}
            {test.questions.map((q, i) => (
              <QuestionInput key={q.fieldName} q={q} n={i + 1} value={answers[q.fieldName] ?? []} onChange={(v) => setAnswers((a) => ({ ...a, [q.fieldName]: v }))} />
            ))}
            <Group justify="flex-end">
              <Button onClick={() => void submit()} loading={sending}>
                {t('tests:member.submit')}
              </Button>
            </Group>
          </Stack>
        )
      )}
    </Stack>
  );
}
