import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { NewsItem } from '../../../../../shared/api/calls/news';
import { AdminListHeader } from '../../../components/admin-list-search';
import { AdminListTable } from '../../../components/admin-list-table';
import { CursorPager, useCursorPages } from '../../../components/cursor-pager';
import { useRowDelete } from '../../../components/row-delete';
import { deleteNews, useNewsGroups, useNewsList } from '../api';
import { formatDateTime } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';

/** SPEC §2 /admin/news: the team's news, newest first, with who sees each. */
function NewsListPage() {
  const { t } = useTranslation();
  const pages = useCursorPages();
  const { data, error, mutate } = useNewsList(pages.cursor);
  const groups = useNewsGroups();
  const groupName = (id: string) => groups.data?.groups.find((g) => g.groupId === id)?.name ?? t('news:list.unknownGroup');
  const rowDelete = useRowDelete<NewsItem>({
    ns: 'news',
    name: (n) => n.title,
    body: t('news:delete.body'),
    remove: (n) => deleteNews(n.newsId),
    onDeleted: () => mutate(),
  });

  return (
    <Stack gap="lg" maw={1100}>
      <AdminListHeader title={t('news:list.title')} createLabel={t('news:list.create')} createTo="/admin/news/create" />
      <AdminListTable
        rows={data?.items}
        rowKey={(n) => n.newsId}
        error={error}
        loadErrorTitle={t('news:list.loadError')}
        onRetry={() => void mutate()}
        emptyText={t('news:list.empty')}
        minWidth={720}
        columns={[
          {
            key: 'title',
            header: t('news:fields.title'),
            cell: (n) => (
              <>
                <Anchor component={Link} to={`/admin/news/${n.newsId}/edit`} fw={500}>
                  {n.title}
                </Anchor>
                <Text size="xs" c="dimmed" lineClamp={1}>
                  {n.content}
                </Text>
              </>
            ),
          },
          {
            key: 'groups',
            header: t('news:fields.groups'),
            cell: (n) =>
              n.groupIds.length === 0 ? (
                <Text size="sm">{t('news:fields.everyone')}</Text>
              ) : (
                <Group gap={4}>
                  {n.groupIds.map((id) => (
                    <Badge key={id} variant="light" tt="none">
                      {groupName(id)}
                    </Badge>
                  ))}
                </Group>
              ),
          },
          { key: 'createdAt', header: t('news:fields.createdAt'), cell: (n) => formatDateTime(n.createdAt) },
          rowDelete.column,
        ]}
      />
      <CursorPager pages={pages} nextCursor={data?.nextCursor} />
      {rowDelete.confirm}
    </Stack>
  );
}

export { NewsListPage as Component };
