import { Badge, Group, Text } from '@mantine/core';
import { AdminListPage } from '../../../components/admin-page/admin-list-page';
import { useCursorPages } from '../../../components/cursor-pager';
import { deleteNews, useNewsGroups, useNewsList } from '../api';
import { formatDateTime } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { TitleCell } from '../../../components/title-cell';

/** SPEC §2 /admin/news: the team's news, newest first, with who sees each. */
function NewsListPage() {
  const { t } = useTranslation();
  const pages = useCursorPages();
  const groups = useNewsGroups();
  const groupName = (id: string) => groups.data?.groups.find((g) => g.groupId === id)?.name ?? t('news:list.unknownGroup');
  return (
    <AdminListPage
      text="news:list"
      createTo="/admin/news/create"
      list={useNewsList(pages.cursor)}
      pages={pages}
      rowDelete={{ name: (n) => n.title, remove: (n) => deleteNews(n.newsId) }}
      rowKey={(n) => n.newsId}
      minWidth={720}
      columns={[
        {
          key: 'title',
          header: t('news:fields.title'),
          cell: (n) => (
            <TitleCell to={`/admin/news/${n.newsId}/edit`} title={n.title} detail={n.content} lines={1} />
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
      ]}
    />
  );
}

export { NewsListPage as Component };
