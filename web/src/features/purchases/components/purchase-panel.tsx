import { Alert, Badge, Button, Group, Image, Loader, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { PriceOffer } from '../../../../../shared/api/calls/payments';
import { formatPriceAmount } from '../../../../../shared/money';
import { amountLocale } from '../../../lib/format';
import { errorMessage, useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { LoadError } from '../../../components/load-error';
import { startCheckout, useLastCheckoutResult, useOffers } from '../api';
import { BankTransfer } from './bank-transfer';
import { areaBaseOf, purchaseNotFoundPath } from './purchase-not-found';
import { errorCodeOf } from '../../../lib/api-error';

/** How long the page waits for Stripe's webhook after a paid checkout before saying it is taking longer. */
const CONFIRM_WAIT_MS = 60_000;
const CONFIRM_POLL_MS = 2_000;

export interface PurchasePanelProps {
  title: string;
  priceIds: readonly string[];
  /** The page to come back to from Checkout (the item itself). */
  returnPath: string;
  /** Reloads the item: after a paid checkout, access appears when Stripe's webhook has arrived. */
  onRefresh: () => void;
}

export function offerTerms(offer: PriceOffer, t: ReturnType<typeof useTranslation>['t']): string[] {
  const { price } = offer;
  const terms: string[] = [];
  if (price.type === 'recurring') {
    terms.push(t(`purchases:interval.${price.interval ?? 'month'}`));
    if (price.trialDays) terms.push(t('purchases:offer.trial', { days: price.trialDays }));
    if (price.minimumUsageMonths) terms.push(t('purchases:offer.minimumUsage', { months: price.minimumUsageMonths }));
  } else {
    terms.push(price.validDays ? t('purchases:offer.validDays', { days: price.validDays }) : t('purchases:offer.noLimit'));
  }
  return terms;
}

/**
 * SPEC §4 "unpurchased": the item's prices (with the tax added at checkout), a coupon code and a way to buy
 * through Stripe Checkout. Back from a paid checkout, it waits for the purchase to be confirmed.
 */
export function PurchasePanel({ title, priceIds, returnPath, onRefresh }: PurchasePanelProps) {
  const { t, i18n } = useTranslation();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const returned = search.get('checkout');
  const { data, error, isLoading, mutate } = useOffers(priceIds);
  const lastCheckout = useLastCheckoutResult(returned === 'cancel');
  const [coupon, setCoupon] = useState('');
  const [couponError, setCouponError] = useState<string>();
  const [busy, setBusy] = useState<string>();
  const [waitedOut, setWaitedOut] = useState(false);
  const locale = amountLocale(i18n.language);

  // Back from Stripe with a payment: ask again until the webhook has granted access (the page then changes).
  useEffect(() => {
    if (returned !== 'success') return;
    const started = Date.now();
    const timer = setInterval(() => {
      if (Date.now() - started > CONFIRM_WAIT_MS) {
        clearInterval(timer);
        setWaitedOut(true);
        return;
      }
      onRefresh();
    }, CONFIRM_POLL_MS);
    return () => clearInterval(timer);
  }, [returned, onRefresh]);

  const buy = async (offer: PriceOffer) => {
    setBusy(offer.price.id);
    setCouponError(undefined);
    try {
      const { url } = await startCheckout(offer.price.id, coupon.trim() || undefined, returnPath, i18n.language === 'en' ? 'en' : 'ja');
      window.location.assign(url);
    } catch (e) {
      setBusy(undefined);
      // A price withdrawn (or its product) since the panel showed it: the price's not-found page, back to this item.
      const base = areaBaseOf(returnPath);
      if (errorCodeOf(e) === 'price/not_found' && base) {
        navigate(purchaseNotFoundPath(base, 'price'), { state: { from: returnPath } });
        return;
      }
      const message = errorMessage(e);
      if ((e as { code?: string }).code === 'payment/invalid_coupon' || (e as { fields?: Record<string, string> }).fields?.coupon) setCouponError(message);
      else toast.error(message);
    }
  };

  return (
    <Paper withBorder p="lg" radius="md" maw={960}>
      <Stack gap="md">
        <Group gap="sm">
          <IconLock size={28} aria-hidden />
          <Title order={1} size="h3">
            {title}
          </Title>
        </Group>
        {returned === 'success' && (
          <Alert color={waitedOut ? 'yellow' : 'teal'} variant="light" role="status" icon={waitedOut ? undefined : <Loader size="xs" />}>
            {waitedOut ? t('purchases:checkout.slow') : t('purchases:checkout.confirming')}
          </Alert>
        )}
        {returned === 'cancel' && lastCheckout.data?.error && (
          <Alert color="red" variant="light" role="alert" title={errorMessage(lastCheckout.data.error)}>
            {t('purchases:checkout.tryAgain')}
          </Alert>
        )}
        {returned === 'cancel' && !lastCheckout.isLoading && !lastCheckout.data?.error && (
          <Alert color="gray" variant="light" role="status">
            {t('purchases:checkout.cancelled')}
          </Alert>
        )}
        <Text c="dimmed">{t('purchases:offer.intro')}</Text>
        {isLoading && <Loader size="sm" role="status" aria-label={t('common:loading')} />}
        {error && (
          <LoadError error={error} onRetry={() => void mutate()} />
        )}
        {data && data.offers.length === 0 && <Text>{t('purchases:offer.none')}</Text>}
        {data && data.offers.length > 0 && (
          <>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              {data.offers.map((offer) => (
                <Paper key={offer.price.id} withBorder p="md" radius="md">
                  <Stack gap={6}>
                    <Group gap="sm" wrap="nowrap" align="center">
                      {offer.product.imageUrl && (
                        <Image src={offer.product.imageUrl} alt={offer.product.name} w={96} h={54} miw={96} radius="sm" fit="cover" loading="lazy" />
                      )}
                      <Text fw={700}>{offer.product.name}</Text>
                    </Group>
                    <Text size="sm">{offer.price.nickname}</Text>
                    <Group gap={6} align="baseline">
                      <Text size="xl" fw={700}>
                        {formatPriceAmount(offer.unitAmountWithTax, offer.price.currency, locale)}
                      </Text>
                      {offer.taxRate && (
                        <Text size="xs" c="dimmed">
                          {t('purchases:offer.taxIncluded', { name: offer.taxRate.displayName, percentage: offer.taxRate.percentage })}
                        </Text>
                      )}
                    </Group>
                    <Group gap={6}>
                      {offerTerms(offer, t).map((term) => (
                        <Badge key={term} variant="light">
                          {term}
                        </Badge>
                      ))}
                    </Group>
                    {offer.price.description && <Text size="sm">{offer.price.description}</Text>}
                    <Button onClick={() => void buy(offer)} loading={busy === offer.price.id} disabled={busy !== undefined && busy !== offer.price.id}>
                      {offer.price.type === 'recurring' ? t('purchases:offer.subscribe') : t('purchases:offer.buy')}
                    </Button>
                    {offer.price.type === 'one_time' && <BankTransfer offer={offer} coupon={coupon} />}
                  </Stack>
                </Paper>
              ))}
            </SimpleGrid>
            <TextInput
              label={t('purchases:offer.coupon')}
              description={t('purchases:offer.couponHint')}
              value={coupon}
              onChange={(e) => setCoupon(e.currentTarget.value)}
              error={couponError}
              maw={320}
              autoComplete="off"
            />
          </>
        )}
      </Stack>
    </Paper>
  );
}
