import { Anchor, Paper, SegmentedControl, Skeleton, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { feedbackNoticeKinds, type CommentNotice, type EnqueteAnswerNotice, type FeedbackNotice, type FeedbackNoticeKind } from '../../../../../shared/api/calls/notices';
import { CursorPager, useCursorPages } from '../../../components/cursor-pager';
import { DataTable } from '../../../components/data-table';
import { LoadError } from '../../../components/load-error';
import { useTranslation } from '../../../lib/i18n';
import { useFeedbackNotices } from '../api';
import { RelativeTime } from '../../../components/relative-time';

const clip = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } as const;

function What({ kind, notice }: { kind: FeedbackNoticeKind; notice: FeedbackNotice }) {
  const { t } = useTranslation();
  if (kind === 'videoComment') {
    const n = notice as CommentNotice;
    return (
      <Stack gap={2}>
        <Anchor component={Link} to={`/admin/comment/${encodeURIComponent(n.commentId)}/reply`}>
          {t('notices:admin.commentOn', { type: t(`comments:types.${n.contentType}`), title: n.contentTitle })}
        </Anchor>
        <Text size="sm" lineClamp={3} style={clip}>
          {n.body}
        </Text>
      </Stack>
    );
  }
  const n = notice as EnqueteAnswerNotice;
  return (
    <Anchor component={Link} to={`/admin/enquete/${encodeURIComponent(n.enqueteId)}/answer`}>
      {t(`notices:admin.answeredFrom.${kind}`, { enquete: n.enqueteTitle, source: n.sourceTitle })}
    </Anchor>
  );
}

/** SPEC §3 notification keys videoCommented, videoEnqueteAnswered and liveEnqueteAnswered, in-app: one kind at a time, newest first. */
export function FeedbackNotices() {
  const { t } = useTranslation();
  const [kind, setKind] = useState<FeedbackNoticeKind>('videoComment');
  const pages = useCursorPages();
  const { data, error, isLoading, mutate } = useFeedbackNotices(kind, pages.cursor);
  return (
    <Stack gap="md">
      <SegmentedControl
        value={kind}
        onChange={(v) => {
          setKind(v as FeedbackNoticeKind);
          pages.restart();
        }}
        data={feedbackNoticeKinds.map((k) => ({ value: k, label: t(`notices:admin.kinds.${k}`) }))}
        aria-label={t('notices:admin.kind')}
        fullWidth
        maw={720}
      />
      <Paper withBorder p="lg" radius="md">
        {error ? (
          <LoadError error={error} onRetry={() => void mutate()} />
        ) : isLoading || !data ? (
          <Skeleton h={120} role="status" aria-label={t('common:loading')} />
        ) : data.items.length === 0 ? (
          <Text c="dimmed">{t('notices:admin.empty')}</Text>
        ) : (
          <DataTable
            rows={data.items}
            rowKey={(n) => n.notificationId}
            minWidth={560}
            columns={[
              { key: 'at', header: t('notices:admin.at'), cell: (n) => <RelativeTime iso={n.createdAt} /> },
              { key: 'member', header: t('notices:admin.member'), cell: (n) => n.userName },
              { key: 'what', header: t('notices:admin.what'), cell: (n) => <What kind={kind} notice={n} /> },
            ]}
          />
        )}
        <CursorPager pages={pages} nextCursor={data?.nextCursor} />
      </Paper>
    </Stack>
  );
}
