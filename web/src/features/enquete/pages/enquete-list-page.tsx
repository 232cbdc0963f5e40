import { Anchor, Group } from '@mantine/core';
import { Link } from 'react-router';
import { AdminListPage } from '../../../components/admin-page/admin-list-page';
import { useCursorPages } from '../../../components/cursor-pager';
import { deleteEnquete, useEnqueteList } from '../api';
import { formatDateTime } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { TitleCell } from '../../../components/title-cell';

/** SPEC §2 /admin/enquete: the team's surveys, newest first, each with its answers. */
function EnqueteListPage() {
  const { t } = useTranslation();
  const pages = useCursorPages();
  return (
    <AdminListPage
      text="enquete:list"
      createTo="/admin/enquete/create"
      list={useEnqueteList(pages.cursor)}
      pages={pages}
      rowDelete={{ name: (e) => e.title, remove: (e) => deleteEnquete(e.enqueteId) }}
      rowKey={(e) => e.enqueteId}
      minWidth={640}
      columns={[
        {
          key: 'title',
          header: t('enquete:fields.title'),
          cell: (e) => (
            <TitleCell to={`/admin/enquete/${e.enqueteId}/edit`} title={e.title} detail={`${t('enquete:list.questionCount', { count: e.questions.length })} · ID ${e.enqueteId}`} />
          ),
        },
        { key: 'createdAt', header: t('enquete:fields.createdAt'), cell: (e) => formatDateTime(e.createdAt) },
        {
          key: 'answers',
          header: '',
          cell: (e) => (
            <Group gap="xs">
              <Anchor component={Link} to={`/admin/enquete/${e.enqueteId}/answer`} size="sm">
                {t('enquete:list.answers')}
              </Anchor>
            </Group>
          ),
        },
      ]}
    />
  );
}

export { EnqueteListPage as Component };
