import { Anchor, Badge, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { formatPriceAmount } from '../../../../../shared/money';
import { LoadError } from '../../../components/load-error';
import { amountLocale, formatDate } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { invoiceStatusColor, paymentStateColor } from '../../../lib/payment-colors';
import { useInvoices, useOneTimePayments } from '../api';

/** SPEC §2 /user/:teamId/setting/paid_history: one-time payments and subscription invoices. */
export function PaidHistory() {
  const { t, i18n } = useTranslation();
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
        {payments.isLoading && <Skeleton h={80} aria-busy />}
        {payments.error && <LoadError error={payments.error} onRetry={() => void payments.mutate()} />}
        {payments.data && payments.data.payments.length === 0 && <Text c="dimmed">{t('purchases:history.noPayments')}</Text>}
        {payments.data && payments.data.payments.length > 0 && (
          <Table.ScrollContainer minWidth={480}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('purchases:history.date')}</Table.Th>
                  <Table.Th>{t('purchases:history.product')}</Table.Th>
                  <Table.Th>{t('purchases:history.amount')}</Table.Th>
                  <Table.Th>{t('purchases:history.method')}</Table.Th>
                  <Table.Th>{t('purchases:history.status')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {payments.data.payments.map((p) => (
                  <Table.Tr key={p.id}>
                    <Table.Td>{formatDate(p.createdAt)}</Table.Td>
                    <Table.Td>{p.productName ?? '—'}</Table.Td>
                    <Table.Td>{formatPriceAmount(p.amount, p.currency, locale)}</Table.Td>
                    <Table.Td>{t(`purchases:method.${p.method}`)}</Table.Td>
                    <Table.Td>
                      <Badge color={paymentStateColor[p.state]} variant="light">
                        {p.method === 'customer_balance' && p.state === 'pending' ? t('purchases:history.awaitingTransfer') : t(`purchases:state.${p.state}`)}
                      </Badge>
                      {p.hostedInvoiceUrl && p.state === 'pending' && (
                        <Anchor href={p.hostedInvoiceUrl} ml="xs" size="sm">
                          {t('purchases:history.payInvoice')}
                        </Anchor>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('purchases:history.invoices')}
        </Title>
        {invoices.isLoading && <Skeleton h={80} aria-busy />}
        {invoices.error && <LoadError error={invoices.error} onRetry={() => void invoices.mutate()} />}
        {invoices.data && invoices.data.invoices.length === 0 && <Text c="dimmed">{t('purchases:history.noInvoices')}</Text>}
        {invoices.data && invoices.data.invoices.length > 0 && (
          <Table.ScrollContainer minWidth={480}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('purchases:history.date')}</Table.Th>
                  <Table.Th>{t('purchases:history.period')}</Table.Th>
                  <Table.Th>{t('purchases:history.amount')}</Table.Th>
                  <Table.Th>{t('purchases:history.status')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {invoices.data.invoices.map((inv) => (
                  <Table.Tr key={inv.id}>
                    <Table.Td>{formatDate(inv.createdAt)}</Table.Td>
                    <Table.Td>{inv.periodStart && inv.periodEnd ? `${formatDate(inv.periodStart)} – ${formatDate(inv.periodEnd)}` : '—'}</Table.Td>
                    <Table.Td>{formatPriceAmount(inv.status === 'paid' ? inv.amountPaid : inv.amountDue, inv.currency, locale)}</Table.Td>
                    <Table.Td>
                      <Badge color={invoiceStatusColor[inv.status]} variant="light">
                        {t(`purchases:invoiceStatus.${inv.status}`)}
                      </Badge>
                      {inv.hostedInvoiceUrl && inv.status === 'open' && (
                        <Anchor href={inv.hostedInvoiceUrl} ml="xs" size="sm">
                          {t('purchases:history.payInvoice')}
                        </Anchor>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Stack>
  );
}
