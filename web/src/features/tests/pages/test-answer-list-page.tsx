import { Anchor, Badge, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { AdminListPage } from '../../../components/admin-page/admin-list-page';
import { useCursorPages } from '../../../components/cursor-pager';
import { useTest, useTestAttempts } from '../api';
import { formatDateTime } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';

/** SPEC §2 /admin/test/:testId/answer: every attempt, newest first. */
function TestAnswerListPage() {
  const { t } = useTranslation();
  const { testId = '' } = useParams();
  const pages = useCursorPages();
  const test = useTest(testId);
  return (
    <AdminListPage
      text="tests:answers"
      title={t('tests:answers.title', { title: test.data?.test.title ?? '' })}
      back={{ to: '/admin/test', label: t('tests:edit.back') }}
      list={useTestAttempts(testId, pages.cursor)}
      pages={pages}
      rowKey={(a) => a.attemptId}
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
  );
}

export { TestAnswerListPage as Component };
