import { Anchor, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { PaymentNotification } from '../../../../../shared/api/calls/payments';
import { formatPriceAmount } from '../../../../../shared/money';
import { CursorPager, useCursorPages } from '../../../components/cursor-pager';
import { LoadError } from '../../../components/load-error';
import { amountLocale, formatDateTime } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { usePaymentNotifications } from '../api';

const PAGE_SIZE = 10;
const eventColor: Record<PaymentNotification['event'], string> = { firstSubscriptionPayment: 'grape.8', paymentUser: 'teal.8' };

/** SPEC §3 notification keys firstSubscriptionPayment and paymentUser, in-app: the team's members' payments, newest first. */
export function PaymentNotices() {
  const { t, i18n } = useTranslation();
  const locale = amountLocale(i18n.language);
  const pages = useCursorPages();
  const { data, error, isLoading, mutate } = usePaymentNotifications(pages.cursor, PAGE_SIZE);
  return (
    <Paper withBorder p="lg" radius="md">
      <Stack>
        <Title order={2} size="h4">
          {t('payments:notices.title')}
        </Title>
        {isLoading && <Skeleton h={120} aria-busy />}
        {error && (
          <LoadError error={error} onRetry={() => void mutate()} />
        )}
        {data && data.items.length === 0 && <Text c="dimmed">{t('payments:notices.empty')}</Text>}
        {data && data.items.length > 0 && (
          <Table.ScrollContainer minWidth={560}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('payments:notices.paidAt')}</Table.Th>
                  <Table.Th>{t('payments:notices.member')}</Table.Th>
                  <Table.Th>{t('payments:notices.item')}</Table.Th>
                  <Table.Th>{t('payments:notices.amount')}</Table.Th>
                  <Table.Th>{t('payments:notices.event')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.items.map((n) => (
                  <Table.Tr key={n.notificationId}>
                    <Table.Td>{formatDateTime(n.createdAt)}</Table.Td>
                    <Table.Td>
                      <Anchor component={Link} to={`/admin/user/${encodeURIComponent(n.userId)}/paid_history/${n.kind === 'subscription' ? 'subscription' : 'one_time'}`}>
                        {n.userName || t('payments:notices.unknownMember')}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      {n.productName} · {n.priceNickname}
                    </Table.Td>
                    <Table.Td>{formatPriceAmount(n.amount, n.currency, locale)}</Table.Td>
                    <Table.Td>
                      {/* Text, not a badge: the first payment's label is long and a badge would cut it. */}
                      <Text size="sm" fw={600} c={eventColor[n.event]}>
                        {t(`payments:notices.events.${n.event}`)}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <CursorPager pages={pages} nextCursor={data?.nextCursor} />
      </Stack>
    </Paper>
  );
}
