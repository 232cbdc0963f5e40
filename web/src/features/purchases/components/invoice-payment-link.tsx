import { Alert, Button, Loader } from '@mantine/core';
import type { ReactNode } from 'react';
import { ApiError } from '../../../lib/api-error';
import { formatDate } from '../../../lib/format';
import { errorMessage, useTranslation } from '../../../lib/i18n';
import { useOffers, usePurchased } from '../api';
import { BankTransfer } from './bank-transfer';

export interface InvoicePaymentLinkProps {
  /** The price id the link names. */
  price: string;
  /** The link's coupon code, prefilled in the dialog. */
  coupon?: string;
  /** The member closed the dialog or the message: the link has done its work. */
  onDone: () => void;
}

/**
 * A bank-transfer link (SPEC §2 `isInvoicePayment`, `price`, `couponId`) opened after the login: the invoice dialog
 * for that price (one-time, or a subscription invoiced each period), or why it cannot be paid this way (unknown or
 * no longer sold, already bought or subscribed).
 */
export function InvoicePaymentLink({ price, coupon, onDone }: InvoicePaymentLinkProps) {
  const { t } = useTranslation();
  const offers = useOffers([price]);
  const purchased = usePurchased();

  const notice = (message: ReactNode, color: 'red' | 'yellow' = 'yellow', action?: ReactNode) => (
    <Alert
      color={color}
      variant="light"
      role="alert"
      title={t('purchases:invoiceLink.title')}
      withCloseButton
      closeButtonLabel={t('purchases:invoiceLink.dismiss')}
      onClose={onDone}
    >
      {message}
      {action}
    </Alert>
  );

  // The purchases are waited for too, so an already bought price says so instead of opening the dialog.
  if (offers.isLoading || purchased.isLoading) return <Loader size="sm" role="status" aria-label={t('common:loading')} />;
  if (offers.error) {
    // A malformed id is refused by the call's validation: for the member it is a price that does not exist.
    if (offers.error instanceof ApiError && offers.error.status === 400) return notice(t('purchases:invoiceLink.unknownPrice'));
    return notice(
      errorMessage(offers.error),
      'red',
      <Button mt="sm" size="xs" variant="white" color="red" onClick={() => void offers.mutate()} display="block">
        {t('common:actions.retry')}
      </Button>,
    );
  }
  // Only active prices of active products come back: anything else is not for sale (any more).
  const offer = offers.data?.offers.find((o) => o.price.id === price);
  if (!offer) return notice(t('purchases:invoiceLink.unknownPrice'));
  const now = new Date().toISOString();
  // A recurring price can be subscribed by transfer too, unless the member already holds a running subscription to it.
  const subscribed = purchased.data?.purchases.find((p) => p.priceId === price && p.kind === 'subscription' && ['trialing', 'active', 'cancel_scheduled', 'past_due', 'unpaid'].includes(p.state));
  if (subscribed) return notice(t('purchases:invoiceLink.alreadySubscribed', { name: offer.price.nickname }));
  const held = purchased.data?.purchases.find((p) => p.priceId === price && p.kind === 'one_time' && p.state === 'success' && (!p.accessUntil || p.accessUntil > now));
  if (held) {
    return notice(
      held.accessUntil
        ? t('purchases:invoiceLink.alreadyBoughtUntil', { name: offer.price.nickname, date: formatDate(held.accessUntil) })
        : t('purchases:invoiceLink.alreadyBought', { name: offer.price.nickname }),
    );
  }
  return <BankTransfer offer={offer} coupon={coupon ?? ''} initiallyOpened onClose={onDone} />;
}
