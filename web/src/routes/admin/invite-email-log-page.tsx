import { Badge, Button, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDisplayDateTime } from '../../../../shared/rules/dates';
import { LoadError } from '../../components/load-error';
import { useInviteMailLogs } from '../../features/invites/api';

const statusColor: Record<string, string> = { processed: 'blue', deferred: 'yellow', delivered: 'teal', bounce: 'red', dropped: 'red' };

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
      {error ? (
        <LoadError title={t('invites:mailLog.loadError')} error={error} onRetry={() => void mutate()} />
      ) : !data ? (
        <Stack gap="xs" role="status" aria-label={t('common:loading')}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h={40} />
          ))}
        </Stack>
      ) : (
        <Paper withBorder radius="md">
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('invites:mailLog.columns.sentAt')}</Table.Th>
                  <Table.Th>{t('invites:mailLog.columns.to')}</Table.Th>
                  <Table.Th>{t('invites:mailLog.columns.invite')}</Table.Th>
                  <Table.Th>{t('invites:mailLog.columns.status')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {logs.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={4}>
                      <Text c="dimmed" ta="center" py="lg">
                        {t('invites:mailLog.empty')}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                )}
                {logs.map((log) => (
                  <Table.Tr key={log.messageId}>
                    <Table.Td>{formatDisplayDateTime(new Date(log.sentAt))}</Table.Td>
                    <Table.Td>{log.to}</Table.Td>
                    <Table.Td>{log.inviteTitle || t('invites:mailLog.deletedInvite')}</Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={statusColor[log.status ?? ''] ?? 'gray'}>
                        {t(`invites:mailLog.status.${log.status ?? 'unknown'}`)}
                      </Badge>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
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
