import { Anchor, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { NewsItem } from '../../../../shared/api/calls/news';
import { AdminListTable } from '../../components/admin-list-table';
import { ConfirmDelete } from '../../components/confirm-delete';
import { CursorPager, useCursorPages } from '../../components/cursor-pager';
import { deleteNews, useNewsGroups, useNewsList } from '../../features/news/api';
import { formatDateTime } from '../../lib/format';
import { errorMessage, useTranslation } from '../../lib/i18n';
import { toast } from '../../lib/toast';

/** SPEC §2 /admin/news: the team's news, newest first, with who sees each. */
function NewsListPage() {
  const { t } = useTranslation();
  const pages = useCursorPages();
  const { data, error, mutate } = useNewsList(pages.cursor);
  const groups = useNewsGroups();
  const groupName = (id: string) => groups.data?.groups.find((g) => g.groupId === id)?.name ?? t('news:list.unknownGroup');
  const [toDelete, setToDelete] = useState<NewsItem>();

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await deleteNews(toDelete.newsId);
      toast.success(t('news:delete.done', { title: toDelete.title }));
      await mutate();
    } catch (e) {
      toast.error(errorMessage(e));
    } finally {
      setToDelete(undefined);
    }
  };

  return (
    <Stack gap="lg" maw={1100}>
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('news:list.title')}
        </Title>
        <Button component={Link} to="/admin/news/create" leftSection={<IconPlus size={16} aria-hidden />}>
          {t('news:list.create')}
        </Button>
      </Group>
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
          {
            key: 'actions',
            header: '',
            align: 'right',
            cell: (n) => (
              <Button size="xs" color="red" variant="subtle" onClick={() => setToDelete(n)} aria-label={t('news:delete.one', { title: n.title })}>
                {t('news:actions.delete')}
              </Button>
            ),
          },
        ]}
      />
      <CursorPager pages={pages} nextCursor={data?.nextCursor} />
      <ConfirmDelete
        opened={!!toDelete}
        onClose={() => setToDelete(undefined)}
        onConfirm={confirmDelete}
        title={t('news:delete.title')}
        body={t('news:delete.body', { title: toDelete?.title ?? '' })}
        confirmLabel={t('news:actions.delete')}
        cancelLabel={t('news:actions.cancel')}
      />
    </Stack>
  );
}

export { NewsListPage as Component };
