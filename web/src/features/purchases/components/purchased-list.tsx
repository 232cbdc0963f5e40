import { Alert, Anchor, Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { ConfirmDelete } from '../../../components/confirm-delete';
import { LoadError } from '../../../components/load-error';
import type { AsyncAction } from '../../../lib/async-action';
import { paymentStateColor } from '../../../lib/payment-colors';
import { Link, useSearchParams } from 'react-router';
import type { PurchasedInfo } from '../../../../../shared/api/calls/payments';
import { formatPriceAmount } from '../../../../../shared/money';
import { amountLocale, formatDate } from '../../../lib/format';
import { errorMessage, useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { cancelSubscription, completeCardChange, confirmIncompletePayment, restartSubscription, startCardChange, usePurchased } from '../api';


export interface PurchasedListProps {
  /** `/user/:teamId`: links to the price change page. */
  base: string;
}

/** SPEC §2 /user/:teamId/purchased: what the member bought, with each subscription's cancel, restart and price change. */
export function PurchasedList({ base }: PurchasedListProps) {
  const { t, i18n } = useTranslation();
  const { data, error, isLoading, mutate } = usePurchased();
  const [busy, setBusy] = useState<string>();
  const [cancelling, setCancelling] = useState<PurchasedInfo>();
  const locale = amountLocale(i18n.language);
  const [query, setQuery] = useSearchParams();
  const returnedSession = query.get('setup') === 'success' ? query.get('session_id') : null;
  const applied = useRef<string | null>(null);

  // Back from Stripe's page with a saved card: it becomes the subscription's now (Stripe sets no default itself).
  useEffect(() => {
    if (!returnedSession || applied.current === returnedSession) return;
    applied.current = returnedSession;
    void (async () => {
      try {
        await completeCardChange(returnedSession);
        toast.success(t('purchases:purchased.cardChanged'));
        await mutate();
      } catch (e) {
        toast.error(errorMessage(e));
      } finally {
        // The session leaves the address, so a reload does not send it again.
        setQuery(
          (prev) => {
            const next = new URLSearchParams(prev);
            next.delete('setup');
            next.delete('session_id');
            return next;
          },
          { replace: true },
        );
      }
    })();
  }, [returnedSession, mutate, setQuery, t]);

  const purchasedPath = `${base}/purchased`;
  /** Leaves for the Stripe page (a new card, or 3-D Secure), which comes back here. */
  const leaveFor = async (id: string, go: AsyncAction<[], string | undefined>) => {
    setBusy(id);
    try {
      const url = await go();
      if (url) window.location.assign(url);
      else {
        toast.success(t('purchases:purchased.nothingToConfirm'));
        setBusy(undefined);
        await mutate();
      }
    } catch (e) {
      setBusy(undefined);
      toast.error(errorMessage(e));
    }
  };
  const language = i18n.language === 'en' ? 'en' : 'ja';

  const act = async (id: string, action: 'cancel' | 'restart') => {
    setBusy(id);
    try {
      await (action === 'cancel' ? cancelSubscription(id) : restartSubscription(id));
      toast.success(action === 'cancel' ? t('purchases:purchased.cancelled') : t('purchases:purchased.restarted'));
      await mutate();
    } catch (e) {
      toast.error(errorMessage(e));
    } finally {
      setBusy(undefined);
    }
  };

  if (isLoading) return <Skeleton h={160} radius="md" aria-busy />;
  if (error || !data) return <LoadError error={error} onRetry={() => void mutate()} />;
  if (data.purchases.length === 0) return <Text c="dimmed">{t('purchases:purchased.empty')}</Text>;
  return (
    <Stack gap="md">
      {data.purchases.map((p) => (
        <Paper key={p.id} withBorder p="md" radius="md">
          <Stack gap={6}>
            <Group justify="space-between" wrap="wrap">
              <Title order={2} size="h4">
                {p.productName}
              </Title>
              <Badge color={paymentStateColor[p.state]} variant="light">
                {t(`purchases:state.${p.state}`)}
              </Badge>
            </Group>
            <Text size="sm">
              {p.priceNickname} · {formatPriceAmount(p.amount, p.currency, locale)}
              {p.interval ? ` ${t(`purchases:interval.${p.interval}`)}` : ''}
            </Text>
            <Text size="sm" c="dimmed">
              {t('purchases:purchased.since', { date: formatDate(p.purchasedAt) })}
              {p.kind === 'one_time' && (p.accessUntil ? ` · ${t('purchases:purchased.until', { date: formatDate(p.accessUntil) })}` : ` · ${t('purchases:offer.noLimit')}`)}
              {p.kind === 'subscription' && p.state === 'trialing' && p.trialEnd ? ` · ${t('purchases:purchased.trialUntil', { date: formatDate(p.trialEnd) })}` : ''}
              {p.kind === 'subscription' && p.currentPeriodEnd && (p.state === 'active' || p.state === 'trialing')
                ? ` · ${t('purchases:purchased.renews', { date: formatDate(p.currentPeriodEnd) })}`
                : ''}
              {p.state === 'cancel_scheduled' && p.currentPeriodEnd ? ` · ${t('purchases:purchased.ends', { date: formatDate(p.currentPeriodEnd) })}` : ''}
              {p.cancellableFrom && (p.state === 'active' || p.state === 'trialing') && p.cancellableFrom > new Date().toISOString()
                ? ` · ${t('purchases:purchased.cancellableFrom', { date: formatDate(p.cancellableFrom) })}`
                : ''}
            </Text>
            {(p.state === 'past_due' || p.state === 'unpaid') && (
              <Alert color="red" variant="light" role="alert">
                {errorMessage('payment/past_due')}
                {p.byBankTransfer ? (
                  <Anchor component={Link} to={`${base}/setting/paid_history`} size="sm" display="block" mt="xs">
                    {t('purchases:purchased.transferInvoices')}
                  </Anchor>
                ) : (
                <Group gap="xs" mt="xs">
                  <Button size="xs" color="red" loading={busy === p.id} onClick={() => void leaveFor(p.id, async () => (await confirmIncompletePayment(purchasedPath)).paymentIntent?.nextActionUrl)}>
                    {t('purchases:purchased.authenticate')}
                  </Button>
                  <Button size="xs" variant="white" color="red" onClick={() => void leaveFor(p.id, async () => (await startCardChange(p.id, purchasedPath, language)).url)}>
                    {t('purchases:purchased.changeCard')}
                  </Button>
                </Group>
                )}
              </Alert>
            )}
            {p.byBankTransfer && p.state !== 'past_due' && p.state !== 'unpaid' && (
              <Text size="sm">
                {t('purchases:purchased.byTransfer')}{' '}
                <Anchor component={Link} to={`${base}/setting/paid_history`} size="sm">
                  {t('purchases:purchased.transferInvoices')}
                </Anchor>
              </Text>
            )}
            {p.kind === 'subscription' && (
              <Group gap="xs">
                {(p.state === 'active' || p.state === 'trialing') && (
                  <>
                    {/* A subscription paid by transfer has no card, and its plan changes are not invoiced by transfer here. */}
                    {!p.byBankTransfer && (
                      <>
                        <Button size="xs" variant="default" component={Link} to={`${base}/setting/change_price/${encodeURIComponent(p.id)}`}>
                          {t('purchases:purchased.changePrice')}
                        </Button>
                        <Button size="xs" variant="default" onClick={() => void leaveFor(p.id, async () => (await startCardChange(p.id, purchasedPath, language)).url)}>
                          {t('purchases:purchased.changeCard')}
                        </Button>
                      </>
                    )}
                    <Button size="xs" color="red" variant="light" loading={busy === p.id} onClick={() => setCancelling(p)}>
                      {t('purchases:purchased.cancel')}
                    </Button>
                  </>
                )}
                {p.state === 'cancel_scheduled' && (
                  <Button size="xs" loading={busy === p.id} onClick={() => void act(p.id, 'restart')}>
                    {t('purchases:purchased.restart')}
                  </Button>
                )}
              </Group>
            )}
          </Stack>
        </Paper>
      ))}
      <ConfirmDelete
        opened={cancelling !== undefined}
        onClose={() => setCancelling(undefined)}
        onConfirm={async () => {
          if (cancelling) await act(cancelling.id, 'cancel');
          setCancelling(undefined);
        }}
        title={t('purchases:purchased.cancelTitle')}
        body={cancelling?.currentPeriodEnd ? t('purchases:purchased.cancelBody', { date: formatDate(cancelling.currentPeriodEnd) }) : ''}
        confirmLabel={t('purchases:purchased.cancel')}
        cancelLabel={t('purchases:purchased.keep')}
      />
    </Stack>
  );
}
