import { Anchor, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { Enquete } from '../../../../../shared/api/calls/enquete';
import { AdminListHeader } from '../../../components/admin-list-search';
import { AdminListTable } from '../../../components/admin-list-table';
import { CursorPager, useCursorPages } from '../../../components/cursor-pager';
import { useRowDelete } from '../../../components/row-delete';
import { deleteEnquete, useEnqueteList } from '../api';
import { formatDateTime } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';

/** SPEC §2 /admin/enquete: the team's surveys, newest first, each with its answers. */
function EnqueteListPage() {
  const { t } = useTranslation();
  const pages = useCursorPages();
  const { data, error, mutate } = useEnqueteList(pages.cursor);
  const rowDelete = useRowDelete<Enquete>({
    ns: 'enquete',
    name: (e) => e.title,
    body: t('enquete:delete.body'),
    remove: (e) => deleteEnquete(e.enqueteId),
    onDeleted: () => mutate(),
  });

  return (
    <Stack gap="lg" maw={1100}>
      <AdminListHeader title={t('enquete:list.title')} createLabel={t('enquete:list.create')} createTo="/admin/enquete/create" />
      <AdminListTable
        rows={data?.items}
        rowKey={(e) => e.enqueteId}
        error={error}
        loadErrorTitle={t('enquete:list.loadError')}
        onRetry={() => void mutate()}
        emptyText={t('enquete:list.empty')}
        minWidth={640}
        columns={[
          {
            key: 'title',
            header: t('enquete:fields.title'),
            cell: (e) => (
              <>
                <Anchor component={Link} to={`/admin/enquete/${e.enqueteId}/edit`} fw={500}>
                  {e.title}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {t('enquete:list.questionCount', { count: e.questions.length })} · ID {e.enqueteId}
                </Text>
              </>
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
          rowDelete.column,
        ]}
      />
      <CursorPager pages={pages} nextCursor={data?.nextCursor} />
      {rowDelete.confirm}
    </Stack>
  );
}

export { EnqueteListPage as Component };
