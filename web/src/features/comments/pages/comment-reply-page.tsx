import { Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { useSWRConfig } from 'swr';
import { LoadError } from '../../../components/load-error';
import { isCommentListKey, replyToComment, useComment } from '../api';
import { ReplyForm } from '../components/reply-form';
import { errorMessage, useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { AdminPage } from '../../../components/admin-page/admin-page';
import { RelativeTime } from '../../../components/relative-time';

/** SPEC §2 /admin/comment/:commentId/reply: the comment, the replies so far and the form for another. */
function CommentReplyPage() {
  const { t } = useTranslation();
  const { commentId } = useParams();
  const { mutate } = useSWRConfig();
  const { data, error, mutate: reload } = useComment(commentId);

  const send = async (body: string) => {
    try {
      const { comment } = await replyToComment(commentId!, body);
      await reload({ comment }, { revalidate: false });
    } catch (e) {
      toast.error(errorMessage(e));
      throw e;
    }
    toast.success(t('comments:reply.sent'));
    await mutate(isCommentListKey);
  };

  const comment = data?.comment;
  return (
    <AdminPage title={t('comments:reply.title')} back={{ to: '/admin/comment', label: t('comments:reply.back') }}>
      {error ? (
        <LoadError title={t('comments:reply.loadError')} error={error} onRetry={() => void reload()} />
      ) : !comment ? (
        <Skeleton h={240} maw={720} role="status" aria-label={t('common:loading')} />
      ) : (
        <Stack gap="md" maw={720}>
          <Paper withBorder p="md" radius="md">
            <Stack gap={4}>
              <Text size="sm" c="dimmed">
                {t('comments:reply.onContent', { type: t(`comments:types.${comment.contentType}`), title: comment.contentTitle || t('comments:list.deletedContent') })}
              </Text>
              <Text fw={500}>
                {comment.authorName} · <RelativeTime iso={comment.createdAt} />
              </Text>
              <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{comment.body}</Text>
            </Stack>
          </Paper>
          {comment.replies.length > 0 && (
            <Stack gap="xs">
              <Title order={2} size="h4">
                {t('comments:reply.replies')}
              </Title>
              {comment.replies.map((r) => (
                <Paper key={r.replyId} withBorder p="sm" radius="md" ml="lg" bg="var(--mantine-color-gray-0)">
                  <Text size="xs" c="dimmed">
                    <RelativeTime iso={r.createdAt} />
                  </Text>
                  <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{r.body}</Text>
                </Paper>
              ))}
            </Stack>
          )}
          <ReplyForm onSubmit={send} />
        </Stack>
      )}
    </AdminPage>
  );
}

export { CommentReplyPage as Component };
