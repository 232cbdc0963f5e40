import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import type { MemberTestResult } from '../../../../../shared/api/calls/test-quizzes';
import { useTranslation } from '../../../lib/i18n';

/** The member's result page: passed or failed, the score, and per the test's settings the answers and explanations. */
export function TestResult({ result }: { result: MemberTestResult }) {
  const { t } = useTranslation();
  const labels = (options: string[], chosen: number[]) => (chosen.length ? chosen.map((i) => options[i] ?? '').join(', ') : t('tests:member.noAnswer'));
  return (
    <Stack gap="md" data-testid="test-result">
      <Title order={2} size="h3">
        {t('tests:member.resultTitle')}
      </Title>
      <Alert color={result.passed ? 'teal' : 'red'} title={t(result.passed ? 'tests:result.passed' : 'tests:result.failed')}>
        <Text>{t(result.passed ? 'tests:member.passedMessage' : 'tests:member.failedMessage')}</Text>
        <Text fw={600}>{t('tests:member.score', { score: result.score, count: result.questionCount, pass: result.passStandard })}</Text>
      </Alert>
      {result.questions.map((q, i) => (
        <Paper key={q.fieldName} withBorder p="md" radius="md">
          <Stack gap={6}>
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Text fw={600}>
                Q{i + 1}. {q.title}
              </Text>
              <Badge color={q.correct ? 'teal' : 'red'} variant="light" leftSection={q.correct ? <IconCheck size={12} /> : <IconX size={12} />} style={{ flexShrink: 0 }}>
                {t(q.correct ? 'tests:detail.correct' : 'tests:detail.incorrect')}
              </Badge>
            </Group>
            <Text size="sm">
              {t('tests:member.yourAnswer')}: {labels(q.options, q.chosen)}
            </Text>
            {q.correctAnswers && (
              <Text size="sm" c="var(--mantine-color-teal-light-color)">
                {t('tests:member.correctAnswer')}: {labels(q.options, q.correctAnswers)}
              </Text>
            )}
            {q.explanation && (
              <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
                {t('tests:member.explanation')}: {q.explanation}
              </Text>
            )}
          </Stack>
        </Paper>
      ))}
      {result.passButton && (
        <Group>
          <Button component="a" href={result.passButton.url} target="_blank" rel="noopener noreferrer">
            {result.passButton.text}
          </Button>
        </Group>
      )}
      {result.passNote && (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {result.passNote}
        </Text>
      )}
    </Stack>
  );
}
