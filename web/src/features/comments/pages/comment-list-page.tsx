import { Anchor, Badge, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { AdminComment } from '../../../../../shared/api/calls/comments';
import { AdminListTable } from '../../../components/admin-list-table';
import { CursorPager, useCursorPages } from '../../../components/cursor-pager';
import { useRowDelete } from '../../../components/row-delete';
import { deleteComment, useCommentList } from '../api';
import { formatDateTime } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';

/** SPEC §2 /admin/comment: the members' comments on the team's videos and other pages, newest first, each with its way to reply. */
function CommentListPage() {
  const { t } = useTranslation();
  const pages = useCursorPages();
  const { data, error, mutate } = useCommentList(pages.cursor);
  const rowDelete = useRowDelete<AdminComment>({
    ns: 'comments',
    name: (c) => c.authorName,
    body: t('comments:delete.body'),
    remove: (c) => deleteComment(c.commentId),
    onDeleted: () => mutate(),
  });

  return (
    <Stack gap="lg" maw={1100}>
      <Title order={1} size="h2">
        {t('comments:list.title')}
      </Title>
      <AdminListTable
        rows={data?.items}
        rowKey={(c) => c.commentId}
        error={error}
        loadErrorTitle={t('comments:list.loadError')}
        onRetry={() => void mutate()}
        emptyText={t('comments:list.empty')}
        minWidth={760}
        columns={[
          {
            key: 'comment',
            header: t('comments:fields.comment'),
            cell: (c) => (
              <>
                <Text size="sm" lineClamp={2} style={{ whiteSpace: 'pre-wrap' }}>
                  {c.body}
                </Text>
                <Anchor component={Link} to={`/admin/comment/${c.commentId}/reply`} size="sm" fw={500}>
                  {t('comments:list.reply')}
                </Anchor>
              </>
            ),
          },
          {
            key: 'content',
            header: t('comments:fields.content'),
            cell: (c) => `${t(`comments:types.${c.contentType}`)} · ${c.contentTitle || t('comments:list.deletedContent')}`,
          },
          { key: 'member', header: t('comments:fields.member'), cell: (c) => c.authorName },
          {
            key: 'replies',
            header: t('comments:fields.reply'),
            cell: (c) =>
              c.replies.length ? (
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {t('comments:list.replies', { count: c.replies.length })}
                </Text>
              ) : (
                <Badge color="orange" variant="light" style={{ whiteSpace: 'nowrap' }}>
                  {t('comments:list.noReply')}
                </Badge>
              ),
          },
          { key: 'createdAt', header: t('comments:fields.createdAt'), cell: (c) => formatDateTime(c.createdAt) },
          rowDelete.column,
        ]}
      />
      <CursorPager pages={pages} nextCursor={data?.nextCursor} />
      {rowDelete.confirm}
    </Stack>
  );
}

export { CommentListPage as Component };
