import { Anchor, Badge, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { AdminListTable } from '../../../components/admin-list-table';
import { CursorPager, useCursorPages } from '../../../components/cursor-pager';
import { useTest, useTestAttempts } from '../api';
import { formatDateTime } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';

/** SPEC §2 /admin/test/:testId/answer: every attempt, newest first. */
function TestAnswerListPage() {
  const { t } = useTranslation();
  const { testId = '' } = useParams();
  const pages = useCursorPages();
  const test = useTest(testId);
  const { data, error, mutate } = useTestAttempts(testId, pages.cursor);
  return (
    <Stack gap="lg" maw={1100}>
      <Anchor component={Link} to="/admin/test" size="sm">
        {t('tests:edit.back')}
      </Anchor>
      <Title order={1} size="h2">
        {t('tests:answers.title', { title: test.data?.test.title ?? '' })}
      </Title>
      <AdminListTable
        rows={data?.items}
        rowKey={(a) => a.attemptId}
        error={error}
        loadErrorTitle={t('tests:answers.loadError')}
        onRetry={() => void mutate()}
        emptyText={t('tests:answers.empty')}
        minWidth={640}
        columns={[
          {
            key: 'answeredAt',
            header: t('tests:answers.answeredAt'),
            cell: (a) => (
              <Anchor component={Link} to={`/admin/test/${testId}/answer/${a.attemptId}/detail`}>
                {formatDateTime(a.answeredAt)}
              </Anchor>
            ),
          },
          { key: 'member', header: t('tests:answers.member'), cell: (a) => <Text size="sm">{a.userName}</Text> },
          { key: 'score', header: t('tests:answers.score'), cell: (a) => t('tests:answers.scoreOf', { score: a.score, count: a.questionCount }) },
          {
            key: 'result',
            header: t('tests:answers.result'),
            cell: (a) => (
              <Badge color={a.passed ? 'teal' : 'red'} variant="light">
                {t(a.passed ? 'tests:result.passed' : 'tests:result.failed')}
              </Badge>
            ),
          },
        ]}
      />
      <CursorPager pages={pages} nextCursor={data?.nextCursor} />
    </Stack>
  );
}

export { TestAnswerListPage as Component };
