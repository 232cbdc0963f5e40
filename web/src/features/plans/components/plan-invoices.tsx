import { Anchor, Badge, Skeleton, Stack, Text, Title } from '@mantine/core';
import { formatPriceAmount, type MoneyCurrency } from '../../../../../shared/money';
import { DataTable } from '../../../components/data-table';
import { LoadError } from '../../../components/load-error';
import { amountLocale, formatDate } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { usePlanInvoices } from '../api';

/** SPEC §2 /admin/general_setting/subscription/paid_history: the team's plan invoices, newest first. */
export function PlanInvoices() {
  const { t, i18n } = useTranslation('plans');
  const invoices = usePlanInvoices();
  if (invoices.error) return <LoadError title={t('history.loadError')} error={invoices.error} onRetry={() => void invoices.mutate()} />;
  return (
    <Stack gap="lg" maw={960}>
      <Title order={1} size="h2">
        {t('history.title')}
      </Title>
      {!invoices.data ? (
        <Skeleton h={160} />
      ) : invoices.data.items.length === 0 ? (
        <Text c="dimmed">{t('history.empty')}</Text>
      ) : (
        <DataTable
          striped
          rows={invoices.data.items}
          rowKey={(i) => i.id}
          minWidth={560}
          columns={[
            { key: 'date', header: t('history.date'), cell: (i) => formatDate(i.created) },
            { key: 'number', header: t('history.number'), cell: (i) => i.number ?? '-' },
            {
              key: 'amount',
              header: t('history.amount'),
              cell: (i) => formatPriceAmount(i.status === 'paid' ? i.amountPaid : i.amountDue, i.currency as MoneyCurrency, amountLocale(i18n.language)),
            },
            {
              key: 'status',
              header: t('history.status'),
              cell: (i) => (
                <Badge variant="light" color={i.status === 'paid' ? 'teal' : i.status === 'open' ? 'orange' : 'gray'}>
                  {t(`invoiceStatus.${i.status}`)}
                </Badge>
              ),
            },
            {
              key: 'invoice',
              header: t('history.invoice'),
              cell: (i) =>
                i.hostedInvoiceUrl ? (
                  <Anchor href={i.hostedInvoiceUrl} target="_blank" rel="noopener noreferrer">
                    {t('history.open')}
                  </Anchor>
                ) : (
                  '-'
                ),
            },
          ]}
        />
      )}
    </Stack>
  );
}
