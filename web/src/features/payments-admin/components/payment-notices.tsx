import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { PaymentNotification } from '../../../../../shared/api/calls/payments';
import { formatPriceAmount } from '../../../../../shared/money';
import { CursorPager, useCursorPages } from '../../../components/cursor-pager';
import { LoadedDataTable } from '../../../components/data-table';
import { amountLocale } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { usePaymentNotifications } from '../api';
import { FormSection } from '../../../components/admin-page/form-section';
import { RelativeTime } from '../../../components/relative-time';

const PAGE_SIZE = 10;
const eventColor: Record<PaymentNotification['event'], string> = { firstSubscriptionPayment: 'grape.8', paymentUser: 'teal.8' };

/** SPEC §3 notification keys firstSubscriptionPayment and paymentUser, in-app: the team's members' payments, newest first. */
export function PaymentNotices() {
  const { t, i18n } = useTranslation();
  const locale = amountLocale(i18n.language);
  const pages = useCursorPages();
  const notices = usePaymentNotifications(pages.cursor, PAGE_SIZE);
  return (
    <FormSection title={t('payments:notices.title')}>
      <LoadedDataTable
        load={notices}
        rows={notices.data?.items}
        rowKey={(n) => n.notificationId}
        emptyText={t('payments:notices.empty')}
        skeletonHeight={120}
        minWidth={560}
        columns={[
          { key: 'paidAt', header: t('payments:notices.paidAt'), cell: (n) => <RelativeTime iso={n.createdAt} /> },
          {
            key: 'member',
            header: t('payments:notices.member'),
            cell: (n) => (
              <Anchor component={Link} to={`/admin/user/${encodeURIComponent(n.userId)}/paid_history/${n.kind === 'subscription' ? 'subscription' : 'one_time'}`}>
                {n.userName || t('payments:notices.unknownMember')}
              </Anchor>
            ),
          },
          { key: 'item', header: t('payments:notices.item'), cell: (n) => `${n.productName} · ${n.priceNickname}` },
          { key: 'amount', header: t('payments:notices.amount'), cell: (n) => formatPriceAmount(n.amount, n.currency, locale) },
          {
            key: 'event',
            header: t('payments:notices.event'),
            // Text, not a badge: the first payment's label is long and a badge would cut it.
            cell: (n) => (
              <Text size="sm" fw={600} c={eventColor[n.event]}>
                {t(`payments:notices.events.${n.event}`)}
              </Text>
            ),
          },
        ]}
      />
      <CursorPager pages={pages} nextCursor={notices.data?.nextCursor} />
    </FormSection>
  );
}
