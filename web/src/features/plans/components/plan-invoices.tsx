import { Anchor, Badge, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { formatPriceAmount, type MoneyCurrency } from '../../../../../shared/money';
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
        <Table.ScrollContainer minWidth={560}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('history.date')}</Table.Th>
                <Table.Th>{t('history.number')}</Table.Th>
                <Table.Th>{t('history.amount')}</Table.Th>
                <Table.Th>{t('history.status')}</Table.Th>
                <Table.Th>{t('history.invoice')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {invoices.data.items.map((i) => (
                <Table.Tr key={i.id}>
                  <Table.Td>{formatDate(i.created)}</Table.Td>
                  <Table.Td>{i.number ?? '-'}</Table.Td>
                  <Table.Td>{formatPriceAmount(i.status === 'paid' ? i.amountPaid : i.amountDue, i.currency as MoneyCurrency, amountLocale(i18n.language))}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={i.status === 'paid' ? 'teal' : i.status === 'open' ? 'orange' : 'gray'}>
                      {t(`invoiceStatus.${i.status}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    {i.hostedInvoiceUrl ? (
                      <Anchor href={i.hostedInvoiceUrl} target="_blank" rel="noopener noreferrer">
                        {t('history.open')}
                      </Anchor>
                    ) : (
                      '-'
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
