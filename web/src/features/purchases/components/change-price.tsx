import { Alert, Button, Group, Paper, Radio, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useSWRConfig } from 'swr';
import { formatPriceAmount } from '../../../../../shared/money';
import { amountLocale, formatDate } from '../../../lib/format';
import { errorMessage, useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { changePrice, purchasedKey, usePricePreview, useProductInfo, usePurchased } from '../api';
import { errorCodeOf } from '../../../lib/api-error';
import { PurchaseNotFound } from './purchase-not-found';

export interface ChangePriceProps {
  subscriptionId: string;
  /** `/user/:teamId` */
  base: string;
}

/**
 * SPEC §2 /user/:teamId/setting/change_price/:id: another recurring price of the same product, with Stripe's
 * proration preview (preview_upcoming) before the member confirms.
 */
export function ChangePrice({ subscriptionId, base }: ChangePriceProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const locale = amountLocale(i18n.language);
  const purchased = usePurchased();
  const subscription = purchased.data?.purchases.find((p) => p.id === subscriptionId && p.kind === 'subscription');
  const info = useProductInfo(subscription?.productId);
  const [priceId, setPriceId] = useState<string>();
  const preview = usePricePreview(subscription?.id, priceId);
  const [busy, setBusy] = useState(false);

  if (purchased.isLoading || (subscription && info.isLoading)) return <Skeleton h={200} radius="md" aria-busy />;
  // The subscription's product is gone from the team's account (or no longer sold): SPEC §2 product not-found page.
  if (info.error && errorCodeOf(info.error) === 'product/not_found') return <PurchaseNotFound kind="product" order={2} backTo={`${base}/purchased`} />;
  if (purchased.error || info.error) {
    return (
      <Alert color="red" variant="light" role="alert">
        {errorMessage(purchased.error ?? info.error)}
      </Alert>
    );
  }
  if (!subscription) {
    return (
      <Alert color="gray" variant="light" role="alert">
        {errorMessage('subscription/not_purchased')}
        <Button component={Link} to={`${base}/purchased`} mt="sm" size="xs" variant="default" display="block">
          {t('purchases:changePrice.back')}
        </Button>
      </Alert>
    );
  }
  const choices = (info.data?.offers ?? []).filter((o) => o.price.type === 'recurring' && o.price.id !== subscription.priceId && o.price.currency === subscription.currency);

  const confirm = async () => {
    if (!priceId) return;
    setBusy(true);
    try {
      await changePrice(subscription.id, priceId);
      await mutate(purchasedKey());
      toast.success(t('purchases:changePrice.done'));
      navigate(`${base}/purchased`);
    } catch (e) {
      toast.error(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper withBorder p="lg" radius="md" maw={720}>
      <Stack gap="md">
        <Text>
          {t('purchases:changePrice.current', {
            name: `${subscription.productName} · ${subscription.priceNickname}`,
            amount: formatPriceAmount(subscription.amount, subscription.currency, locale),
          })}
        </Text>
        {choices.length === 0 ? (
          <Text c="dimmed">{t('purchases:changePrice.noOther')}</Text>
        ) : (
          <Radio.Group value={priceId ?? null} onChange={setPriceId} label={t('purchases:changePrice.choose')}>
            <Stack gap="xs" mt="xs">
              {choices.map((o) => (
                <Radio
                  key={o.price.id}
                  value={o.price.id}
                  label={`${o.price.nickname} · ${formatPriceAmount(o.unitAmountWithTax, o.price.currency, locale)} ${t(`purchases:interval.${o.price.interval ?? 'month'}`)}`}
                />
              ))}
            </Stack>
          </Radio.Group>
        )}
        {priceId && preview.isLoading && <Skeleton h={80} aria-busy />}
        {priceId && preview.error && (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(preview.error)}
          </Alert>
        )}
        {preview.data && (
          <Stack gap="xs">
            <Title order={2} size="h5">
              {t('purchases:changePrice.preview')}
            </Title>
            <Table>
              <Table.Tbody>
                {preview.data.lines.map((line, i) => (
                  <Table.Tr key={i}>
                    <Table.Td>{line.description}</Table.Td>
                    <Table.Td ta="right">{formatPriceAmount(line.amount, preview.data!.currency, locale)}</Table.Td>
                  </Table.Tr>
                ))}
                <Table.Tr>
                  <Table.Td fw={700}>{t('purchases:changePrice.nextInvoice')}</Table.Td>
                  <Table.Td ta="right" fw={700}>
                    {formatPriceAmount(preview.data.amountDue, preview.data.currency, locale)}
                  </Table.Td>
                </Table.Tr>
              </Table.Tbody>
            </Table>
            {preview.data.nextPaymentAt && <Text size="sm" c="dimmed">{t('purchases:changePrice.nextPaymentAt', { date: formatDate(preview.data.nextPaymentAt) })}</Text>}
          </Stack>
        )}
        <Group>
          <Button onClick={() => void confirm()} disabled={!priceId || !preview.data} loading={busy}>
            {t('purchases:changePrice.confirm')}
          </Button>
          <Button component={Link} to={`${base}/purchased`} variant="default">
            {t('purchases:changePrice.back')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
