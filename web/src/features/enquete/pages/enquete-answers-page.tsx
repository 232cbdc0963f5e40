import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { EnqueteAnswer } from '../../../../../shared/api/calls/enquete';
import { AdminListTable } from '../../../components/admin-list-table';
import { CursorPager, useCursorPages } from '../../../components/cursor-pager';
import { LoadError } from '../../../components/load-error';
import { allEnqueteAnswers, CSV_MAX_ANSWERS, useEnquete, useEnqueteAnswers } from '../api';
import { answersCsv } from '../csv';
import { formatDateTime } from '../../../lib/format';
import { errorMessage, useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';

const shown = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(', ') : (value ?? ''));

/** SPEC §2 /admin/enquete/:enqueteId/answer: the members' answers, newest first, and the CSV of all of them. */
function EnqueteAnswersPage() {
  const { t } = useTranslation();
  const { enqueteId = '' } = useParams();
  const pages = useCursorPages();
  const enquete = useEnquete(enqueteId);
  const answers = useEnqueteAnswers(enqueteId, pages.cursor);
  const [downloading, setDownloading] = useState(false);
  const questions = enquete.data?.enquete.questions ?? [];

  const download = async () => {
    if (!enquete.data) return;
    setDownloading(true);
    try {
      const { answers: all, truncated } = await allEnqueteAnswers(enqueteId);
      const csv = answersCsv(questions, all, { name: t('enquete:answers.member'), answeredAt: t('enquete:answers.answeredAt') });
      const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = `enquete-${enqueteId}.csv`;
      link.click();
      URL.revokeObjectURL(url);
      if (truncated) toast.error(t('enquete:answers.truncated', { max: CSV_MAX_ANSWERS }));
    } catch (e) {
      toast.error(errorMessage(e));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Stack gap="lg" maw={1200}>
      <Anchor component={Link} to="/admin/enquete" size="sm">
        {t('enquete:edit.back')}
      </Anchor>
      <Group justify="space-between" align="flex-end">
        <Stack gap={2}>
          <Title order={1} size="h2">
            {t('enquete:answers.title')}
          </Title>
          {enquete.data && <Text c="dimmed">{enquete.data.enquete.title}</Text>}
        </Stack>
        <Button leftSection={<IconDownload size={16} />} onClick={() => void download()} loading={downloading} disabled={!enquete.data}>
          {t('enquete:answers.csv')}
        </Button>
      </Group>
      {enquete.error ? (
        <LoadError title={t('enquete:edit.loadError')} error={enquete.error} onRetry={() => void enquete.mutate()} />
      ) : (
        <AdminListTable<EnqueteAnswer>
          rows={enquete.data ? answers.data?.items : undefined}
          rowKey={(a) => a.userId}
          error={answers.error}
          loadErrorTitle={t('enquete:answers.loadError')}
          onRetry={() => void answers.mutate()}
          emptyText={t('enquete:answers.empty')}
          minWidth={480 + questions.length * 160}
          columns={[
            { key: 'member', header: t('enquete:answers.member'), cell: (a) => a.userName },
            { key: 'answeredAt', header: t('enquete:answers.answeredAt'), cell: (a) => formatDateTime(a.answeredAt) },
            ...questions.map((q) => ({
              key: `q-${q.fieldName}`,
              header: q.title,
              cell: (a: EnqueteAnswer) => (
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {shown(a.answers[q.fieldName])}
                </Text>
              ),
            })),
          ]}
        />
      )}
      <CursorPager pages={pages} nextCursor={answers.data?.nextCursor} />
    </Stack>
  );
}

export { EnqueteAnswersPage as Component };
