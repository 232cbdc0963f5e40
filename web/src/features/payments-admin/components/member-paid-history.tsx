import { Anchor, Badge, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import type { InvoiceSummary, OneTimePayment, PurchasedInfo } from '../../../../../shared/api/calls/payments';
import type { Currency } from '../../../../../shared/constants';
import { formatPriceAmount } from '../../../../../shared/money';
import { AdminListTable } from '../../../components/admin-list-table';
import { LoadError } from '../../../components/load-error';
import { ApiError } from '../../../lib/api-error';
import { amountLocale, formatDate } from '../../../lib/format';
import { invoiceStatusColor, paymentStateColor } from '../../../lib/payment-colors';
import { useTranslation } from '../../../lib/i18n';
import { usePeriodFormat } from '../../../lib/period';
import { useMemberInvoices, useMemberOneTimePayments, useMemberPurchases, useMemberSummary } from '../api';
import { CatalogueLoadError } from './catalogue-shared';

/** SPEC §2 the subpages of /admin/user/:userId/paid_history. */
export const paidHistorySubpages = ['subscription', 'one_time'] as const;
export type PaidHistorySubpage = (typeof paidHistorySubpages)[number];

export const paidHistoryPath = (userId: string, subpage?: PaidHistorySubpage) =>
  `/admin/user/${encodeURIComponent(userId)}/paid_history${subpage ? `/${subpage}` : ''}`;


/** What an invoice comes to: what was paid once paid, else what is due. */
const invoiceAmount = (inv: InvoiceSummary) => (inv.status === 'paid' ? inv.amountPaid : inv.amountDue);

function useAmount() {
  const { i18n } = useTranslation();
  return (amount: number, currency: Currency) => formatPriceAmount(amount, currency, amountLocale(i18n.language));
}

function StateBadge({ state }: { state: PurchasedInfo['state'] }) {
  const { t } = useTranslation();
  return (
    <Badge color={paymentStateColor[state]} variant="light" miw="max-content">
      {t(`payments:memberHistory.state.${state}`)}
    </Badge>
  );
}

function InvoiceStatusBadge({ status }: { status: InvoiceSummary['status'] }) {
  const { t } = useTranslation();
  return (
    <Badge color={invoiceStatusColor[status]} variant="light" miw="max-content">
      {t(`payments:memberHistory.invoiceStatus.${status}`)}
    </Badge>
  );
}

function StripeInvoiceLink({ url }: { url?: string }) {
  const { t } = useTranslation();
  if (!url) return null;
  return (
    <Anchor href={url} target="_blank" rel="noopener noreferrer" size="sm">
      {t('payments:memberHistory.invoices.open')}
    </Anchor>
  );
}

/** A paying manager without the user-manager category may not read members (nor open the users list). */
const mayNotReadMembers = (error: unknown) => error instanceof ApiError && error.code === 'common/no_operation_authority';

/** Who the history belongs to; for those who may not read members, the id stands in. */
function MemberHeading({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const { data, error, mutate } = useMemberSummary(userId);
  if (mayNotReadMembers(error)) return <Text c="dimmed">{t('payments:memberHistory.memberId', { userId })}</Text>;
  if (error) return <LoadError title={t('payments:memberHistory.memberLoadError')} error={error} onRetry={() => void mutate()} />;
  if (!data) {
    return (
      <Stack gap={6} role="status" aria-label={t('common:loading')}>
        <Skeleton h={20} w={220} />
        <Skeleton h={14} w={260} />
      </Stack>
    );
  }
  return (
    <Stack gap={0}>
      <Text fw={600} size="lg">
        {data.member.name}
      </Text>
      <Text c="dimmed" size="sm">
        {data.member.email}
      </Text>
    </Stack>
  );
}

/** The member's subscriptions and the invoices Stripe issued for them. */
function SubscriptionHistory({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const formatPeriod = usePeriodFormat();
  const amount = useAmount();
  const purchases = useMemberPurchases(userId);
  const invoices = useMemberInvoices(userId);
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('payments:memberHistory.subscriptions.title')}
        </Title>
        <AdminListTable
          rows={purchases.data?.purchases.filter((p) => p.kind === 'subscription')}
          rowKey={(p) => p.id}
          error={purchases.error}
          loadErrorTitle={t('payments:memberHistory.subscriptions.loadError')}
          onRetry={() => void purchases.mutate()}
          emptyText={t('payments:memberHistory.subscriptions.empty')}
          minWidth={840}
          columns={[
            { key: 'product', header: t('payments:memberHistory.fields.product'), cell: (p) => <Text fw={500}>{p.productName}</Text> },
            { key: 'price', header: t('payments:memberHistory.fields.price'), cell: (p) => p.priceNickname },
            { key: 'amount', header: t('payments:memberHistory.fields.amount'), align: 'right', cell: (p) => amount(p.amount, p.currency) },
            { key: 'interval', header: t('payments:memberHistory.fields.interval'), cell: (p) => (p.interval ? t(`payments:interval.${p.interval}`) : '—') },
            { key: 'state', header: t('payments:memberHistory.fields.state'), cell: (p) => <StateBadge state={p.state} /> },
            { key: 'periodEnd', header: t('payments:memberHistory.fields.currentPeriodEnd'), cell: (p) => (p.currentPeriodEnd ? formatDate(p.currentPeriodEnd) : '—') },
            {
              key: 'cancelScheduled',
              header: t('payments:memberHistory.fields.cancelScheduled'),
              cell: (p) => t(p.state === 'cancel_scheduled' ? 'payments:memberHistory.yes' : 'payments:memberHistory.no'),
            },
          ]}
        />
      </Stack>
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('payments:memberHistory.invoices.title')}
        </Title>
        {invoices.error ? (
          <CatalogueLoadError title={t('payments:memberHistory.invoices.loadError')} error={invoices.error} onRetry={() => void invoices.mutate()} />
        ) : (
          <AdminListTable
            // Invoices without a subscription are one-time purchases by bank transfer: the other subpage lists them.
            rows={invoices.data?.invoices.filter((inv) => inv.subscriptionId)}
            rowKey={(inv) => inv.id}
            emptyText={t('payments:memberHistory.invoices.empty')}
            minWidth={840}
            columns={[
              { key: 'date', header: t('payments:memberHistory.fields.date'), cell: (inv) => formatDate(inv.createdAt) },
              { key: 'number', header: t('payments:memberHistory.fields.number'), cell: (inv) => inv.number ?? '—' },
              {
                key: 'product',
                header: t('payments:memberHistory.fields.product'),
                cell: (inv) =>
                  inv.productName ? (
                    <Stack gap={0}>
                      <Text fw={500}>{inv.productName}</Text>
                      {inv.priceNickname && (
                        <Text size="xs" c="dimmed">
                          {inv.priceNickname}
                        </Text>
                      )}
                    </Stack>
                  ) : (
                    '—'
                  ),
              },
              {
                key: 'period',
                header: t('payments:memberHistory.fields.period'),
                cell: (inv) => (inv.periodStart && inv.periodEnd ? formatPeriod(inv.periodStart, inv.periodEnd, { withTime: false }) : '—'),
              },
              { key: 'amount', header: t('payments:memberHistory.fields.amount'), align: 'right', cell: (inv) => amount(invoiceAmount(inv), inv.currency) },
              { key: 'status', header: t('payments:memberHistory.fields.status'), cell: (inv) => <InvoiceStatusBadge status={inv.status} /> },
              { key: 'link', header: t('payments:memberHistory.fields.invoice'), cell: (inv) => <StripeInvoiceLink url={inv.hostedInvoiceUrl} /> },
            ]}
          />
        )}
      </Stack>
    </Stack>
  );
}

/** The member's one-time payments, by card and by bank transfer (the server lists both, newest first, with the product). */
function OneTimeHistory({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const amount = useAmount();
  const payments = useMemberOneTimePayments(userId);
  const purchases = useMemberPurchases(userId);
  const loads = [payments, purchases];
  const error = loads.find((l) => l.error)?.error as unknown;
  // The price's nickname is on the stored purchase of the same payment (or price), when there is one.
  const nicknameOf = (p: OneTimePayment) =>
    p.priceNickname ??
    (purchases.data?.purchases.find((b) => b.id === p.id) ?? purchases.data?.purchases.find((b) => b.kind === 'one_time' && b.priceId === p.priceId))?.priceNickname;
  const retry = () => void Promise.all(loads.filter((l) => l.error).map((l) => l.mutate()));
  if (error) return <CatalogueLoadError title={t('payments:memberHistory.oneTime.loadError')} error={error} onRetry={retry} />;
  return (
    <AdminListTable
      rows={payments.data && purchases.data ? payments.data.payments : undefined}
      rowKey={(p) => p.id}
      emptyText={t('payments:memberHistory.oneTime.empty')}
      minWidth={760}
      columns={[
        { key: 'date', header: t('payments:memberHistory.fields.date'), cell: (p) => formatDate(p.createdAt) },
        {
          key: 'product',
          header: t('payments:memberHistory.fields.product'),
          cell: (p) =>
            p.productName ? (
              <Stack gap={0}>
                <Text fw={500}>{p.productName}</Text>
                {nicknameOf(p) && (
                  <Text size="xs" c="dimmed">
                    {nicknameOf(p)}
                  </Text>
                )}
              </Stack>
            ) : (
              '—'
            ),
        },
        { key: 'amount', header: t('payments:memberHistory.fields.amount'), align: 'right', cell: (p) => amount(p.amount, p.currency) },
        { key: 'method', header: t('payments:memberHistory.fields.method'), cell: (p) => t(`payments:memberHistory.method.${p.method}`) },
        {
          key: 'state',
          header: t('payments:memberHistory.fields.state'),
          // A bank transfer not yet arrived is its invoice awaiting payment, not a payment in process.
          cell: (p) => (p.method === 'customer_balance' && p.state === 'pending' ? <InvoiceStatusBadge status="open" /> : <StateBadge state={p.state} />),
        },
        {
          key: 'link',
          header: t('payments:memberHistory.fields.invoice'),
          cell: (p) => <StripeInvoiceLink url={p.hostedInvoiceUrl} />,
        },
      ]}
    />
  );
}

export interface MemberPaidHistoryProps {
  userId: string;
  subpage: PaidHistorySubpage;
}

/** SPEC §2 /admin/user/:userId/paid_history: a member's payments, for paying managers; the subpage is the URL's. */
export function MemberPaidHistory({ userId, subpage }: MemberPaidHistoryProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // Same key as the heading's: one request.
  const member = useMemberSummary(userId);
  return (
    <Stack gap="lg" maw={1200}>
      {!mayNotReadMembers(member.error) && (
        <Anchor component={Link} to="/admin/user?tab=customer" size="sm">
          {t('payments:memberHistory.back')}
        </Anchor>
      )}
      <Title order={1} size="h2">
        {t('payments:memberHistory.title')}
      </Title>
      <MemberHeading userId={userId} />
      <Tabs value={subpage} keepMounted={false} onChange={(value) => value && navigate(paidHistoryPath(userId, value as PaidHistorySubpage))}>
        <Tabs.List>
          {paidHistorySubpages.map((key) => (
            <Tabs.Tab key={key} value={key}>
              {t(`payments:memberHistory.tabs.${key}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="subscription" pt="md">
          <SubscriptionHistory userId={userId} />
        </Tabs.Panel>
        <Tabs.Panel value="one_time" pt="md">
          <OneTimeHistory userId={userId} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
