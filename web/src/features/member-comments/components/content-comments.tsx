import { Alert, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { MemberComment } from '../../../../../shared/api/calls/comments';
import type { ContentType } from '../../../../../shared/content-types';
import { COMMENT_BODY_MAX_LENGTH } from '../../../../../shared/constants';
import { checkCommentBody } from '../../../../../shared/rules/comment';
import { CursorPager, useCursorPages } from '../../../components/cursor-pager';
import { LoadError } from '../../../components/load-error';
import { MessageComposer } from '../../../components/message-composer';
import { ApiError } from '../../../lib/api-error';
import { errorMessage, useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { postComment, useContentComments } from '../api';
import { RelativeTime } from '../../../components/relative-time';

const wrap = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } as const;

function CommentEntry({ comment }: { comment: MemberComment }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-label={comment.authorName}>
      <Stack gap={6}>
        <Group gap="xs" wrap="wrap">
          <Text fw={600} size="sm">
            {comment.mine ? `${comment.authorName} (${t('comments:member.mine')})` : comment.authorName}
          </Text>
          <Text size="xs" c="dimmed">
            <RelativeTime iso={comment.createdAt} />
          </Text>
        </Group>
        <Text style={wrap}>{comment.body}</Text>
        {comment.replies.map((r) => (
          <Paper key={r.replyId} radius="sm" p="sm" ml={{ base: 'xs', sm: 'lg' }} bg="var(--mantine-color-blue-0)" data-reply>
            <Text size="xs" c="dimmed">
              {t('comments:member.reply')} · <RelativeTime iso={r.createdAt} />
            </Text>
            <Text size="sm" style={wrap}>
              {r.body}
            </Text>
          </Paper>
        ))}
      </Stack>
    </Paper>
  );
}

/**
 * SPEC §3 Comment and reply under a video or another type's page: the form (while the site takes comments there)
 * and the comments, newest first.
 */
export function ContentComments({ type, id }: { type: ContentType; id: string }) {
  const { t } = useTranslation();
  const pages = useCursorPages();
  const { data, error, isLoading, mutate } = useContentComments(type, id, pages.cursor);
  // Other types' pages show the section only once the site takes comments there (or some were written before).
  if (type !== 'video' && (data ? !data.commentsEnabled && data.items.length === 0 && !pages.cursor : !error)) return null;
  return (
    <Stack gap="sm" component="section" aria-labelledby="content-comments-title">
      <Title order={2} size="h4" id="content-comments-title">
        {t('comments:member.title')}
      </Title>
      {data?.commentsEnabled === false ? (
        <Text size="sm" c="dimmed">
          {t('comments:member.off')}
        </Text>
      ) : (
        data && (
          <MessageComposer
            check={checkCommentBody}
            onSend={(body) => postComment(type, id, body)}
            onSent={async () => {
              toast.success(t('comments:member.sent'));
              pages.restart();
              await mutate();
            }}
            // The setting may have just been turned off: the list says so and the form goes.
            onFailed={async (e) => {
              if (e instanceof ApiError && e.code === 'comment/disabled') await mutate();
            }}
            label={t('comments:member.label')}
            placeholder={t('comments:member.placeholder')}
            description={(body) => t('comments:fields.bodyCount', { count: body.length, max: COMMENT_BODY_MAX_LENGTH })}
            submitLabel={t('comments:member.send')}
            minRows={3}
          />
        )
      )}
      {error ? (
        error instanceof ApiError && error.status < 500 ? (
          <Alert color="gray" variant="light">
            {errorMessage(error)}
          </Alert>
        ) : (
          <LoadError title={t('comments:member.loadError')} error={error} onRetry={() => void mutate()} />
        )
      ) : isLoading || !data ? (
        <Skeleton h={120} radius="md" role="status" aria-label={t('common:loading')} />
      ) : data.items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('comments:member.empty')}
        </Text>
      ) : (
        <Stack gap="sm">
          {data.items.map((c) => (
            <CommentEntry key={c.commentId} comment={c} />
          ))}
        </Stack>
      )}
      <CursorPager pages={pages} nextCursor={data?.nextCursor} />
    </Stack>
  );
}
