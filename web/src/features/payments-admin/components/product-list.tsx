import { Button, Group, Stack, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { AdminListTable } from '../../../components/admin-list-table';
import { formatDate } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { isNotConnected, useProducts } from '../api';
import { ActiveBadge, CatalogueLoadError, CatalogueNav } from './catalogue-shared';
import { TitleCell } from '../../../components/title-cell';

/** SPEC §2 /admin/stripe/product: the team's products in its Stripe account. */
export function ProductList() {
  const { t } = useTranslation();
  const { data, error, mutate } = useProducts();
  const notConnected = isNotConnected(error);
  return (
    <Stack gap="lg" maw={960}>
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('payments:product.listTitle')}
        </Title>
        {!notConnected && (
          <Button component={Link} to="/admin/stripe/product/create" leftSection={<IconPlus size={16} aria-hidden />}>
            {t('payments:product.create')}
          </Button>
        )}
      </Group>
      <CatalogueNav current="products" />
      {error ? (
        <CatalogueLoadError title={t('payments:product.loadError')} error={error} onRetry={() => void mutate()} />
      ) : (
        <AdminListTable
          rows={data?.products}
          rowKey={(p) => p.id}
          emptyText={t('payments:product.empty')}
          columns={[
            {
              key: 'name',
              header: t('payments:product.fields.name'),
              cell: (p) => (
                <TitleCell to={`/admin/stripe/product/${p.id}/edit`} title={p.name} detail={p.id} />
              ),
            },
            { key: 'currency', header: t('payments:product.fields.currency'), cell: (p) => t(`payments:currency.${p.currency}`) },
            { key: 'active', header: t('payments:status.header'), cell: (p) => <ActiveBadge active={p.active} /> },
            { key: 'createdAt', header: t('payments:product.fields.createdAt'), cell: (p) => formatDate(p.createdAt) },
            {
              key: 'actions',
              header: '',
              align: 'right',
              cell: (p) => (
                <Button component={Link} to={`/admin/stripe/price/${p.id}`} size="xs" variant="light" aria-label={t('payments:product.pricesOf', { name: p.name })}>
                  {t('payments:product.prices')}
                </Button>
              ),
            },
          ]}
        />
      )}
    </Stack>
  );
}
