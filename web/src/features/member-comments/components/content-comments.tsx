import { Alert, Button, Group, Paper, Skeleton, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import type { MemberComment } from '../../../../../shared/api/calls/comments';
import type { ContentType } from '../../../../../shared/content-types';
import { COMMENT_BODY_MAX_LENGTH } from '../../../../../shared/constants';
import { checkCommentBody } from '../../../../../shared/rules/comment';
import { CursorPager, useCursorPages } from '../../../components/cursor-pager';
import { LoadError } from '../../../components/load-error';
import { ApiError } from '../../../lib/api-error';
import { formatDateTime } from '../../../lib/format';
import { errorMessage, useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { postComment, useContentComments } from '../api';

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
            {formatDateTime(comment.createdAt)}
          </Text>
        </Group>
        <Text style={wrap}>{comment.body}</Text>
        {comment.replies.map((r) => (
          <Paper key={r.replyId} radius="sm" p="sm" ml={{ base: 'xs', sm: 'lg' }} bg="var(--mantine-color-blue-0)" data-reply>
            <Text size="xs" c="dimmed">
              {t('comments:member.reply')} · {formatDateTime(r.createdAt)}
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
  const [body, setBody] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const [sending, setSending] = useState(false);

  const send = async () => {
    const problem = checkCommentBody(body);
    if (problem) return setFieldError(problem);
    setSending(true);
    try {
      await postComment(type, id, body);
      setBody('');
      setFieldError(undefined);
      toast.success(t('comments:member.sent'));
      pages.restart();
      await mutate();
    } catch (e) {
      if (e instanceof ApiError && e.fields.body) setFieldError(e.fields.body);
      else toast.error(errorMessage(e));
      // The setting may have just been turned off: the list says so and the form goes.
      if (e instanceof ApiError && e.code === 'comment/disabled') await mutate();
    } finally {
      setSending(false);
    }
  };

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
          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              void send();
            }}
          >
            <Stack gap="xs">
              <Textarea
                value={body}
                onChange={(e) => {
                  setBody(e.currentTarget.value);
                  setFieldError(undefined);
                }}
                label={t('comments:member.label')}
                placeholder={t('comments:member.placeholder')}
                description={t('comments:fields.bodyCount', { count: body.length, max: COMMENT_BODY_MAX_LENGTH })}
                error={fieldError && errorMessage(fieldError)}
                autosize
                minRows={3}
              />
              <Group justify="flex-end">
                <Button type="submit" loading={sending}>
                  {t('comments:member.send')}
                </Button>
              </Group>
            </Stack>
          </form>
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
