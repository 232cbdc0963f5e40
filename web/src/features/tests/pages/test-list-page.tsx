import { Anchor, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { AdminListPage } from '../../../components/admin-page/admin-list-page';
import { useCursorPages } from '../../../components/cursor-pager';
import { deleteTest, useTestList } from '../api';
import { formatDateTime } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';

/** SPEC §2 /admin/test: the team's tests, newest first, each with its answers. */
function TestListPage() {
  const { t } = useTranslation();
  const pages = useCursorPages();
  return (
    <AdminListPage
      text="tests:list"
      createTo="/admin/test/create"
      list={useTestList(pages.cursor)}
      pages={pages}
      rowDelete={{ name: (x) => x.title, remove: (x) => deleteTest(x.testId) }}
      rowKey={(x) => x.testId}
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
      ]}
    />
  );
}

export { TestListPage as Component };
