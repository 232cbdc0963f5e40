import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { Coupon } from '../../../../../shared/api/calls/payments';
import { AdminListTable } from '../../../components/admin-list-table';
import { formatDate } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { isNotConnected, useCoupons } from '../api';
import { CatalogueLoadError, CatalogueNav, useFormatAmount } from './catalogue-shared';

/** SPEC §2 /admin/stripe/coupon: the team's coupons (created, never edited). */
export function CouponList() {
  const { t } = useTranslation();
  const { data, error, mutate } = useCoupons();
  const formatAmount = useFormatAmount();
  const discount = (c: Coupon) =>
    c.type === 'percent'
      ? t('payments:coupon.percentOff', { percent: c.percentOff ?? 0 })
      : t('payments:coupon.amountOff', { amount: c.currency ? formatAmount(c.amountOff ?? 0, c.currency) : String(c.amountOff ?? 0) });
  const duration = (c: Coupon) =>
    c.duration === 'repeating' ? t('payments:coupon.repeatingMonths', { count: c.durationInMonths ?? 0 }) : t(`payments:coupon.duration.${c.duration}`);
  return (
    <Stack gap="lg" maw={1100}>
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('payments:coupon.listTitle')}
        </Title>
        {!isNotConnected(error) && (
          <Button component={Link} to="/admin/stripe/coupon/create" leftSection={<IconPlus size={16} aria-hidden />}>
            {t('payments:coupon.create')}
          </Button>
        )}
      </Group>
      <CatalogueNav current="coupons" />
      {error ? (
        <CatalogueLoadError title={t('payments:coupon.loadError')} error={error} onRetry={() => void mutate()} />
      ) : (
        <AdminListTable
          rows={data?.coupons}
          rowKey={(c) => c.id}
          emptyText={t('payments:coupon.empty')}
          minWidth={900}
          columns={[
            {
              key: 'code',
              header: t('payments:coupon.fields.code'),
              cell: (c) => (
                <Text size="sm" ff="monospace">
                  {c.id}
                </Text>
              ),
            },
            { key: 'name', header: t('payments:coupon.fields.name'), cell: (c) => c.name },
            { key: 'discount', header: t('payments:coupon.fields.discount'), cell: discount },
            { key: 'duration', header: t('payments:coupon.fields.duration'), cell: duration },
            { key: 'redeemBy', header: t('payments:coupon.fields.redeemBy'), cell: (c) => (c.redeemBy ? formatDate(c.redeemBy) : t('payments:coupon.noLimit')) },
            {
              key: 'redemptions',
              header: t('payments:coupon.fields.redemptions'),
              cell: (c) =>
                c.maxRedemptions
                  ? t('payments:coupon.redemptionsOf', { used: c.timesRedeemed, limit: c.maxRedemptions })
                  : t('payments:coupon.redemptionsUnlimited', { used: c.timesRedeemed }),
            },
            {
              key: 'valid',
              header: t('payments:coupon.fields.valid'),
              cell: (c) => (
                <Badge color={c.valid ? 'teal' : 'gray'} variant="light">
                  {t(c.valid ? 'payments:coupon.valid' : 'payments:coupon.invalid')}
                </Badge>
              ),
            },
          ]}
        />
      )}
    </Stack>
  );
}
