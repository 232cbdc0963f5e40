import { Anchor, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { AdminListTable } from '../../../components/admin-list-table';
import { CursorPager, useCursorPages } from '../../../components/cursor-pager';
import { DeliveryStatusBadge } from '../../../components/delivery-status-badge';
import { LoadError } from '../../../components/load-error';
import { useSendEmail, useSendEmailLog } from '../api';
import { SendProgress } from '../components/send-progress';
import { formatDateTime } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';

/** SPEC §2 /admin/send_email/:sendEmailId/log: each recipient and where their message is (SPEC §3 delivery status). */
function SendEmailLogPage() {
  const { t } = useTranslation();
  const { sendEmailId = '' } = useParams();
  const pages = useCursorPages();
  const mail = useSendEmail(sendEmailId);
  const { data, error, mutate } = useSendEmailLog(sendEmailId, pages.cursor);

  return (
    <Stack gap="lg" maw={1100}>
      <Anchor component={Link} to="/admin/send_email" size="sm">
        {t('sendemail:edit.back')}
      </Anchor>
      <div>
        <Title order={1} size="h2">
          {t('sendemail:log.title')}
        </Title>
        {mail.data ? (
          <Stack gap={4} mt={4}>
            <Text fw={500}>{mail.data.sendEmail.title}</Text>
            <Text size="sm" c="dimmed">
              {mail.data.sendEmail.subject}
            </Text>
            <SendProgress mail={mail.data.sendEmail} />
          </Stack>
        ) : mail.error ? (
          <LoadError title={t('sendemail:edit.loadError')} error={mail.error} onRetry={() => void mail.mutate()} />
        ) : (
          <Skeleton h={48} mt={4} />
        )}
      </div>
      <AdminListTable
        rows={data?.items}
        rowKey={(r) => r.userId}
        error={error}
        loadErrorTitle={t('sendemail:log.loadError')}
        onRetry={() => void mutate()}
        emptyText={t('sendemail:log.empty')}
        minWidth={640}
        columns={[
          { key: 'name', header: t('sendemail:log.name'), cell: (r) => r.name },
          { key: 'email', header: t('sendemail:log.email'), cell: (r) => r.email },
          { key: 'status', header: t('sendemail:log.status'), cell: (r) => <DeliveryStatusBadge status={r.status} label={t(`sendemail:delivery.${r.status}`)} /> },
          { key: 'at', header: t('sendemail:log.at'), cell: (r) => (r.at ? formatDateTime(r.at) : '') },
        ]}
      />
      <CursorPager pages={pages} nextCursor={data?.nextCursor} />
    </Stack>
  );
}

export { SendEmailLogPage as Component };
