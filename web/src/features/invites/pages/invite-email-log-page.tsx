import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n';
import { formatDisplayDateTime } from '../../../../../shared/rules/date-display';
import { AdminListTable } from '../../../components/admin-list-table';
import { DeliveryStatusBadge } from '../../../components/delivery-status-badge';
import { useInviteMailLogs } from '../api';

/** SPEC §2 /admin/invite_email_log: invitation mails sent, newest first, with their delivery status. */
function InviteEmailLogPage() {
  const { t } = useTranslation();
  const { data, error, size, setSize, isValidating, mutate } = useInviteMailLogs();
  const logs = data?.flatMap((page) => page.items) ?? [];
  const hasMore = Boolean(data?.[data.length - 1]?.nextCursor);

  return (
    <Stack gap="lg" maw={1200}>
      <div>
        <Title order={1} size="h2">
          {t('invites:mailLog.title')}
        </Title>
        <Text c="dimmed" size="sm" mt={4}>
          {t('invites:mailLog.intro')}
        </Text>
      </div>
      <AdminListTable
        rows={data ? logs : undefined}
        rowKey={(log) => log.messageId}
        error={error}
        loadErrorTitle={t('invites:mailLog.loadError')}
        onRetry={() => void mutate()}
        emptyText={t('invites:mailLog.empty')}
        columns={[
          { key: 'sentAt', header: t('invites:mailLog.columns.sentAt'), cell: (log) => formatDisplayDateTime(new Date(log.sentAt)) },
          { key: 'to', header: t('invites:mailLog.columns.to'), cell: (log) => log.to },
          { key: 'invite', header: t('invites:mailLog.columns.invite'), cell: (log) => log.inviteTitle || t('invites:mailLog.deletedInvite') },
          {
            key: 'status',
            header: t('invites:mailLog.columns.status'),
            cell: (log) => <DeliveryStatusBadge status={log.status} label={t(`invites:mailLog.status.${log.status ?? 'unknown'}`)} />,
          },
        ]}
      />
      {hasMore && (
        <Group justify="center">
          <Button variant="default" loading={isValidating} onClick={() => void setSize(size + 1)}>
            {t('invites:mailLog.more')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

export { InviteEmailLogPage as Component };
