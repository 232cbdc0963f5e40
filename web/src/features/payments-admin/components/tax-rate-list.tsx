import { Button, Group, Stack, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { AdminListTable } from '../../../components/admin-list-table';
import { useTranslation } from '../../../lib/i18n';
import { isNotConnected, useTaxRates } from '../api';
import { ActiveBadge, CatalogueLoadError, CatalogueNav } from './catalogue-shared';
import { TitleCell } from '../../../components/title-cell';

/** SPEC §2 /admin/stripe/tax_rate: the tax rates products can carry. */
export function TaxRateList() {
  const { t, i18n } = useTranslation();
  const { data, error, mutate } = useTaxRates();
  const percent = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 4 });
  return (
    <Stack gap="lg" maw={960}>
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('payments:taxRate.listTitle')}
        </Title>
        {!isNotConnected(error) && (
          <Button component={Link} to="/admin/stripe/tax_rate/create" leftSection={<IconPlus size={16} aria-hidden />}>
            {t('payments:taxRate.create')}
          </Button>
        )}
      </Group>
      <CatalogueNav current="taxRates" />
      {error ? (
        <CatalogueLoadError title={t('payments:taxRate.loadError')} error={error} onRetry={() => void mutate()} />
      ) : (
        <AdminListTable
          rows={data?.taxRates}
          rowKey={(r) => r.id}
          emptyText={t('payments:taxRate.empty')}
          columns={[
            {
              key: 'displayName',
              header: t('payments:taxRate.fields.displayName'),
              cell: (r) => (
                <TitleCell to={`/admin/stripe/tax_rate/${r.id}/edit`} title={r.displayName} detail={r.id} />
              ),
            },
            { key: 'percentage', header: t('payments:taxRate.fields.percentage'), align: 'right', cell: (r) => t('payments:taxRate.percent', { value: percent.format(r.percentage) }) },
            { key: 'inclusive', header: t('payments:taxRate.fields.inclusive'), cell: (r) => t(r.inclusive ? 'payments:taxRate.inclusive' : 'payments:taxRate.exclusive') },
            { key: 'active', header: t('payments:status.header'), cell: (r) => <ActiveBadge active={r.active} /> },
          ]}
        />
      )}
    </Stack>
  );
}
