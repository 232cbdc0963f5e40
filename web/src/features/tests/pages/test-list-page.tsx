import { Anchor, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { QuizTestSummary } from '../../../../../shared/api/calls/test-quizzes';
import { AdminListHeader } from '../../../components/admin-list-search';
import { AdminListTable } from '../../../components/admin-list-table';
import { CursorPager, useCursorPages } from '../../../components/cursor-pager';
import { useRowDelete } from '../../../components/row-delete';
import { deleteTest, useTestList } from '../api';
import { formatDateTime } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';

/** SPEC §2 /admin/test: the team's tests, newest first, each with its answers. */
function TestListPage() {
  const { t } = useTranslation();
  const pages = useCursorPages();
  const { data, error, mutate } = useTestList(pages.cursor);
  const rowDelete = useRowDelete<QuizTestSummary>({
    ns: 'tests',
    name: (x) => x.title,
    body: t('tests:delete.body'),
    remove: (x) => deleteTest(x.testId),
    onDeleted: () => mutate(),
  });

  return (
    <Stack gap="lg" maw={1100}>
      <AdminListHeader title={t('tests:list.title')} createLabel={t('tests:list.create')} createTo="/admin/test/create" />
      <AdminListTable
        rows={data?.items}
        rowKey={(x) => x.testId}
        error={error}
        loadErrorTitle={t('tests:list.loadError')}
        onRetry={() => void mutate()}
        emptyText={t('tests:list.empty')}
        minWidth={720}
        columns={[
          {
            key: 'title',
            header: t('tests:fields.title'),
            cell: (x) => (
              <Anchor component={Link} to={`/admin/test/${x.testId}/edit`} fw={500}>
                {x.title}
              </Anchor>
            ),
          },
          {
            key: 'questions',
            header: t('tests:list.questions'),
            cell: (x) => <Text size="sm">{t('tests:list.passOf', { pass: x.passStandard, count: x.questionCount })}</Text>,
          },
          { key: 'updatedAt', header: t('tests:list.updatedAt'), cell: (x) => formatDateTime(x.updatedAt) },
          {
            key: 'answers',
            header: '',
            cell: (x) => (
              <Group gap="xs">
                <Anchor component={Link} to={`/admin/test/${x.testId}/answer`} size="sm" aria-label={t('tests:list.answersOf', { title: x.title })}>
                  {t('tests:list.answers')}
                </Anchor>
              </Group>
            ),
          },
          rowDelete.column,
        ]}
      />
      <CursorPager pages={pages} nextCursor={data?.nextCursor} />
      {rowDelete.confirm}
    </Stack>
  );
}

export { TestListPage as Component };
