import { Anchor, Badge, Text } from '@mantine/core';
import { Link } from 'react-router';
import { AdminListPage } from '../../../components/admin-page/admin-list-page';
import { useCursorPages } from '../../../components/cursor-pager';
import { deleteComment, useCommentList } from '../api';
import { useTranslation } from '../../../lib/i18n';
import { RelativeTime } from '../../../components/relative-time';

/** SPEC §2 /admin/comment: the members' comments on the team's videos and other pages, newest first, each with its way to reply. */
function CommentListPage() {
  const { t } = useTranslation();
  const pages = useCursorPages();
  return (
    <AdminListPage
      text="comments:list"
      list={useCommentList(pages.cursor)}
      pages={pages}
      rowDelete={{ name: (c) => c.authorName, remove: (c) => deleteComment(c.commentId) }}
      rowKey={(c) => c.commentId}
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
        { key: 'createdAt', header: t('comments:fields.createdAt'), cell: (c) => <RelativeTime iso={c.createdAt} /> },
      ]}
    />
  );
}

export { CommentListPage as Component };
