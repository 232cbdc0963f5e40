import { Anchor, Button, CopyButton, Group, Skeleton, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy, IconPlus } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import type { Price } from '../../../../../shared/api/calls/payments';
import { AdminListTable } from '../../../components/admin-list-table';
import { useTranslation } from '../../../lib/i18n';
import { invoicePaymentLoginUrl } from '../../../lib/invoice-payment-link';
import { getTeamSession } from '../../../lib/team-session';
import { isNotConnected, usePrices, useProducts } from '../api';
import { ActiveBadge, CatalogueLoadError, useFormatAmount } from './catalogue-shared';
import { TitleCell } from '../../../components/title-cell';

/** "One-time" or "Recurring (monthly)". */
export function usePriceKind() {
  const { t } = useTranslation();
  return (p: Pick<Price, 'type' | 'interval'>) =>
    p.type === 'recurring' && p.interval ? t('payments:price.recurringEvery', { interval: t(`payments:interval.${p.interval}`) }) : t(`payments:price.type.${p.type}`);
}

/**
 * SPEC §2 bank-transfer link of an active price: an operator sends it to a member, who logs in and lands on the
 * invoice dialog for this price (a recurring one becomes a subscription whose every invoice is paid by transfer).
 */
function CopyBankTransferLink({ price }: { price: Price }) {
  const { t } = useTranslation();
  // The team the administrator operates (chosen at /logged_in) is the team whose member login the link opens.
  const teamId = getTeamSession()?.operatedTeamId;
  if (!teamId) return null;
  const link = invoicePaymentLoginUrl(window.location.origin, teamId, price.id);
  return (
    <CopyButton value={link} timeout={2000}>
      {({ copied, copy }) => (
        <Tooltip
          label={copied ? t('payments:price.linkCopied') : price.type === 'recurring' ? t('payments:price.copyLinkHintRecurring') : t('payments:price.copyLinkHint')}
          withArrow
          multiline
          w={260}
        >
          <Button
            size="compact-xs"
            variant="light"
            color={copied ? 'teal' : undefined}
            leftSection={copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
            onClick={copy}
          >
            {copied ? t('payments:price.linkCopied') : t('payments:price.copyLink')}
          </Button>
        </Tooltip>
      )}
    </CopyButton>
  );
}

/** SPEC §2 /admin/stripe/price/:productId: one product's prices. */
export function PriceList() {
  const { t } = useTranslation();
  const { productId } = useParams();
  const products = useProducts();
  const prices = usePrices(productId);
  const formatAmount = useFormatAmount();
  const kind = usePriceKind();
  const product = products.data?.products.find((p) => p.id === productId);
  const error = prices.error ?? products.error;
  return (
    <Stack gap="lg" maw={1100}>
      <Anchor component={Link} to="/admin/stripe/product" size="sm">
        {t('payments:price.back')}
      </Anchor>
      <Group justify="space-between">
        <Stack gap={2}>
          <Title order={1} size="h2">
            {t('payments:price.listTitle')}
          </Title>
          {product ? (
            <Text c="dimmed" size="sm">
              {t('payments:price.ofProduct', { name: product.name, currency: t(`payments:currency.${product.currency}`) })}
            </Text>
          ) : (
            !error && <Skeleton h={16} w={200} />
          )}
        </Stack>
        {!isNotConnected(error) && (
          <Group gap="xs">
            <Button component={Link} to={`/admin/stripe/product/${productId}/edit`} variant="default">
              {t('payments:price.editProduct')}
            </Button>
            <Button component={Link} to={`/admin/stripe/price/${productId}/create`} leftSection={<IconPlus size={16} aria-hidden />}>
              {t('payments:price.create')}
            </Button>
          </Group>
        )}
      </Group>
      {error ? (
        <CatalogueLoadError
          title={t('payments:price.loadError')}
          error={error}
          onRetry={() => {
            void prices.mutate();
            void products.mutate();
          }}
        />
      ) : (
        <AdminListTable
          rows={prices.data?.prices}
          rowKey={(p) => p.id}
          emptyText={t('payments:price.empty')}
          minWidth={980}
          columns={[
            {
              key: 'nickname',
              header: t('payments:price.fields.nickname'),
              cell: (p) => (
                <TitleCell to={`/admin/stripe/price/${productId}/${p.id}/edit`} title={p.nickname || p.id} detail={p.id} />
              ),
            },
            { key: 'amount', header: t('payments:price.fields.amount'), align: 'right', cell: (p) => formatAmount(p.unitAmount, p.currency) },
            { key: 'type', header: t('payments:price.fields.type'), cell: kind },
            {
              key: 'trialDays',
              header: t('payments:price.fields.trialDays'),
              cell: (p) => (p.type === 'recurring' && p.trialDays ? t('payments:price.days', { count: p.trialDays }) : t('payments:price.none')),
            },
            {
              key: 'validDays',
              header: t('payments:price.fields.validDays'),
              cell: (p) =>
                p.type !== 'one_time' ? t('payments:price.none') : p.validDays ? t('payments:price.days', { count: p.validDays }) : t('payments:price.unlimited'),
            },
            { key: 'active', header: t('payments:status.header'), cell: (p) => <ActiveBadge active={p.active} /> },
            {
              key: 'bankTransferLink',
              header: t('payments:price.bankTransferLink'),
              cell: (p) =>
                !p.active ? null : p.type === 'one_time' ? (
                  <CopyBankTransferLink price={p} />
                ) : (
                  // A recurring price by transfer is a subscription whose every invoice is sent: what that means, in the row.
                  <Stack gap={4} maw={260}>
                    <CopyBankTransferLink price={p} />
                    <Text size="xs" c="dimmed">
                      {t('payments:price.recurringTransferNote')}
                    </Text>
                  </Stack>
                ),
            },
          ]}
        />
      )}
    </Stack>
  );
}
