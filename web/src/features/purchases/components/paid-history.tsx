import { Anchor, Badge, Stack, Text, Title } from '@mantine/core';
import { formatPriceAmount } from '../../../../../shared/money';
import { LoadedDataTable } from '../../../components/data-table';
import { amountLocale, formatDate } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { usePeriodFormat } from '../../../lib/period';
import { invoiceStatusColor, paymentStateColor } from '../../../lib/payment-colors';
import { useInvoices, useOneTimePayments } from '../api';

/** SPEC §2 /user/:teamId/setting/paid_history: one-time payments and subscription invoices. */
export function PaidHistory() {
  const { t, i18n } = useTranslation();
  const formatPeriod = usePeriodFormat();
  const locale = amountLocale(i18n.language);
  const payments = useOneTimePayments();
  const all = useInvoices();
  // Bank-transfer invoices are one-time payments, listed above; this list is the subscriptions'.
  const invoices = { ...all, data: all.data && { invoices: all.data.invoices.filter((inv) => inv.subscriptionId) } };

  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('purchases:history.oneTime')}
        </Title>
        <LoadedDataTable
          load={payments}
          rows={payments.data?.payments}
          rowKey={(p) => p.id}
          emptyText={t('purchases:history.noPayments')}
          skeletonHeight={80}
          minWidth={480}
          columns={[
            { key: 'date', header: t('purchases:history.date'), cell: (p) => formatDate(p.createdAt) },
            { key: 'product', header: t('purchases:history.product'), cell: (p) => <WhatFor productName={p.productName} priceNickname={p.priceNickname} /> },
            { key: 'amount', header: t('purchases:history.amount'), cell: (p) => formatPriceAmount(p.amount, p.currency, locale) },
            { key: 'method', header: t('purchases:history.method'), cell: (p) => t(`purchases:method.${p.method}`) },
            {
              key: 'status',
              header: t('purchases:history.status'),
              cell: (p) => (
                <>
                  <Badge color={paymentStateColor[p.state]} variant="light">
                    {p.method === 'customer_balance' && p.state === 'pending' ? t('purchases:history.awaitingTransfer') : t(`purchases:state.${p.state}`)}
                  </Badge>
                  {p.state === 'pending' && <PayInvoiceLink url={p.hostedInvoiceUrl} />}
                </>
              ),
            },
          ]}
        />
      </Stack>
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('purchases:history.invoices')}
        </Title>
        <LoadedDataTable
          load={invoices}
          rows={invoices.data?.invoices}
          rowKey={(inv) => inv.id}
          emptyText={t('purchases:history.noInvoices')}
          skeletonHeight={80}
          minWidth={560}
          columns={[
            { key: 'date', header: t('purchases:history.date'), cell: (inv) => formatDate(inv.createdAt) },
            { key: 'product', header: t('purchases:history.product'), cell: (inv) => <WhatFor productName={inv.productName} priceNickname={inv.priceNickname} /> },
            {
              key: 'period',
              header: t('purchases:history.period'),
              cell: (inv) => (inv.periodStart && inv.periodEnd ? formatPeriod(inv.periodStart, inv.periodEnd, { withTime: false }) : '—'),
            },
            {
              key: 'amount',
              header: t('purchases:history.amount'),
              cell: (inv) => formatPriceAmount(inv.status === 'paid' ? inv.amountPaid : inv.amountDue, inv.currency, locale),
            },
            {
              key: 'status',
              header: t('purchases:history.status'),
              cell: (inv) => (
                <>
                  <Badge color={invoiceStatusColor[inv.status]} variant="light">
                    {t(`purchases:invoiceStatus.${inv.status}`)}
                  </Badge>
                  {inv.status === 'open' && <PayInvoiceLink url={inv.hostedInvoiceUrl} />}
                </>
              ),
            },
          ]}
        />
      </Stack>
    </Stack>
  );
}

/** What a payment or invoice was for: the product, and the price's nickname under it. */
function WhatFor({ productName, priceNickname }: { productName?: string; priceNickname?: string }) {
  if (!productName && !priceNickname) return <>—</>;
  return (
    <Stack gap={0}>
      <Text size="sm" fw={500}>
        {productName ?? '—'}
      </Text>
      {priceNickname && (
        <Text size="xs" c="dimmed">
          {priceNickname}
        </Text>
      )}
    </Stack>
  );
}

function PayInvoiceLink({ url }: { url?: string }) {
  const { t } = useTranslation();
  if (!url) return null;
  return (
    <Anchor href={url} ml="xs" size="sm">
      {t('purchases:history.payInvoice')}
    </Anchor>
  );
}
