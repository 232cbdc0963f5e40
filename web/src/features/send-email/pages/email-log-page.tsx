import { Stack, Text, Title } from '@mantine/core';
import { AdminListTable } from '../../../components/admin-list-table';
import { CursorPager, useCursorPages } from '../../../components/cursor-pager';
import { DeliveryStatusBadge } from '../../../components/delivery-status-badge';
import { useTeamMailLog } from '../api';
import { formatDateTime } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';

const kinds = new Set(['sendEmail', 'invite', 'autoMail', 'customMail']);

/** SPEC §2 /admin/email_log_show: every message the team's site sent, newest first, with its delivery status. */
function EmailLogPage() {
  const { t } = useTranslation();
  const pages = useCursorPages();
  const { data, error, mutate } = useTeamMailLog(pages.cursor);
  return (
    <Stack gap="lg" maw={1200}>
      <div>
        <Title order={1} size="h2">
          {t('sendemail:teamLog.title')}
        </Title>
        <Text c="dimmed" size="sm" mt={4}>
          {t('sendemail:teamLog.intro')}
        </Text>
      </div>
      <AdminListTable
        rows={data?.items}
        rowKey={(l) => l.messageId}
        error={error}
        loadErrorTitle={t('sendemail:teamLog.loadError')}
        onRetry={() => void mutate()}
        emptyText={t('sendemail:teamLog.empty')}
        minWidth={760}
        columns={[
          { key: 'sentAt', header: t('sendemail:teamLog.sentAt'), cell: (l) => (l.sentAt ? formatDateTime(l.sentAt) : '') },
          { key: 'to', header: t('sendemail:log.email'), cell: (l) => l.to ?? '' },
          { key: 'subject', header: t('sendemail:fields.subject'), cell: (l) => l.subject ?? '' },
          { key: 'kind', header: t('sendemail:teamLog.kind'), cell: (l) => t(`sendemail:kind.${l.kind && kinds.has(l.kind) ? l.kind : 'other'}`) },
          { key: 'status', header: t('sendemail:log.status'), cell: (l) => <DeliveryStatusBadge status={l.status} label={t(`sendemail:delivery.${l.status}`)} /> },
        ]}
      />
      <CursorPager pages={pages} nextCursor={data?.nextCursor} />
    </Stack>
  );
}

export { EmailLogPage as Component };
