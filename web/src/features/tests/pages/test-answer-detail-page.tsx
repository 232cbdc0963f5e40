import { Anchor, Badge, Group, List, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { LoadError } from '../../../components/load-error';
import { useTestAttempt } from '../api';
import { formatDateTime } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';

/** SPEC §2 /admin/test/:testId/answer/:answerId/detail: each question with the member's answer and whether it was right. */
function TestAnswerDetailPage() {
  const { t } = useTranslation();
  const { testId = '', answerId = '' } = useParams();
  const { data, error, mutate } = useTestAttempt(testId, answerId);
  const attempt = data?.attempt;
  return (
    <Stack gap="lg" maw={880}>
      <Anchor component={Link} to={`/admin/test/${testId}/answer`} size="sm">
        {t('tests:detail.back')}
      </Anchor>
      {error ? (
        <LoadError title={t('tests:detail.loadError')} error={error} onRetry={() => void mutate()} />
      ) : !attempt ? (
        <Skeleton h={240} role="status" aria-label={t('common:loading')} />
      ) : (
        <>
          <Title order={1} size="h2">
            {attempt.testTitle}
          </Title>
          <Group gap="md">
            <Text>{attempt.userName}</Text>
            <Text c="dimmed">{formatDateTime(attempt.answeredAt)}</Text>
            <Text>{t('tests:answers.scoreOf', { score: attempt.score, count: attempt.questionCount })}</Text>
            <Badge color={attempt.passed ? 'teal' : 'red'} variant="light">
              {t(attempt.passed ? 'tests:result.passed' : 'tests:result.failed')}
            </Badge>
          </Group>
          {attempt.questions.map((q, i) => (
            <Paper key={q.fieldName} withBorder p="md" radius="md" data-testid={`detail-question-${i}`}>
              <Stack gap="xs">
                <Group justify="space-between" wrap="nowrap">
                  <Text fw={600}>{t('tests:detail.question', { n: i + 1, title: q.title })}</Text>
                  <Badge color={q.correct ? 'teal' : 'red'} variant="light" leftSection={q.correct ? <IconCheck size={12} /> : <IconX size={12} />}>
                    {t(q.correct ? 'tests:detail.correct' : 'tests:detail.incorrect')}
                  </Badge>
                </Group>
                <List size="sm" spacing={4}>
                  {q.options.map((o, oi) => (
                    <List.Item key={oi}>
                      {o}
                      {q.chosen.includes(oi) && (
                        <Badge ml="xs" size="xs" variant="outline">
                          {t('tests:detail.chosen')}
                        </Badge>
                      )}
                      {q.correctAnswers.includes(oi) && (
                        <Badge ml="xs" size="xs" color="teal" variant="light">
                          {t('tests:detail.answer')}
                        </Badge>
                      )}
                    </List.Item>
                  ))}
                </List>
              </Stack>
            </Paper>
          ))}
        </>
      )}
    </Stack>
  );
}

export { TestAnswerDetailPage as Component };
