import { Alert, Anchor, Button, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { InvoicePayment, PriceOffer } from '../../../../../shared/api/calls/payments';
import { formatPriceAmount } from '../../../../../shared/money';
import { ApiError } from '../../../lib/api-error';
import { amountLocale, formatDate } from '../../../lib/format';
import { errorMessage, useTranslation } from '../../../lib/i18n';
import { createInvoicePayment } from '../api';

export interface BankTransferProps {
  offer: PriceOffer;
  /** The coupon code the dialog starts with (the offer panel's field, or a bank-transfer link's); editable in the dialog. */
  coupon: string;
  /** Open at once, without its button: a bank-transfer link (SPEC §2 isInvoicePayment) brought the member here. */
  initiallyOpened?: boolean;
  /** The member closed the dialog. */
  onClose?: () => void;
}

/** The dialog's own fields; a server error on any other field (e.g. the price) is shown as the dialog's alert. */
const FORM_FIELDS = ['name', 'email', 'coupon'];

/**
 * SPEC §7 invoice payment for a one-time price, or a subscription to a recurring one (its first invoice now, one
 * per renewal, each paid by transfer; a trial starts at once): the member names the invoice's recipient (SPEC §5),
 * Stripe issues it, and its page shows where to transfer. Access starts when the transfer arrives (the webhook).
 */
export function BankTransfer({ offer, coupon, initiallyOpened = false, onClose }: BankTransferProps) {
  const { t, i18n } = useTranslation();
  const [opened, setOpened] = useState(initiallyOpened);
  const [couponCode, setCouponCode] = useState(coupon);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [issued, setIssued] = useState<InvoicePayment>();
  const locale = amountLocale(i18n.language);
  const recurring = offer.price.type === 'recurring';

  const open = () => {
    // The code typed next to the prices is where the dialog starts; the member can still change it here.
    setCouponCode(coupon);
    setOpened(true);
  };
  const close = () => {
    setOpened(false);
    onClose?.();
  };

  const submit = async () => {
    setBusy(true);
    setErrors({});
    setFailure(undefined);
    try {
      setIssued(await createInvoicePayment(offer.price.id, couponCode.trim() || undefined, name, email, i18n.language === 'en' ? 'en' : 'ja'));
    } catch (e) {
      const codes: Record<string, string> = { ...(e instanceof ApiError ? e.fields : {}) };
      // An unknown coupon is answered without a field (Stripe has no such coupon): it still belongs under the coupon.
      if (e instanceof ApiError && e.code === 'payment/invalid_coupon') codes.coupon ??= e.code;
      const shown = Object.entries(codes).filter(([field]) => FORM_FIELDS.includes(field));
      setErrors(Object.fromEntries(shown.map(([field, code]) => [field, errorMessage(code)])));
      if (shown.length < Object.keys(codes).length || !shown.length) setFailure(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      {!initiallyOpened && (
        <Button variant="subtle" size="xs" onClick={open}>
          {t('purchases:bankTransfer.open')}
        </Button>
      )}
      <Modal opened={opened} onClose={close} title={t('purchases:bankTransfer.title', { name: offer.price.nickname })} centered>
        {issued ? (
          <Stack gap="sm">
            <Alert color="teal" variant="light" role="status">
              {issued.status === 'paid' ? t('purchases:bankTransfer.trialStarted') : t('purchases:bankTransfer.issued')}
            </Alert>
            {recurring && <Text size="sm">{t('purchases:bankTransfer.renewals')}</Text>}
            {issued.dueDate && <Text size="sm">{t('purchases:bankTransfer.due', { date: formatDate(issued.dueDate) })}</Text>}
            {issued.hostedInvoiceUrl && (
              <Anchor href={issued.hostedInvoiceUrl} target="_blank" rel="noopener noreferrer">
                {t('purchases:bankTransfer.openInvoice')}
              </Anchor>
            )}
          </Stack>
        ) : (
          <Stack gap="sm">
            <Text size="sm">{recurring ? t('purchases:bankTransfer.subscriptionIntro') : t('purchases:bankTransfer.intro')}</Text>
            <Text size="sm" fw={500}>
              {t('purchases:bankTransfer.amount', {
                product: offer.product.name,
                amount: formatPriceAmount(offer.unitAmountWithTax, offer.price.currency, locale),
              })}
              {recurring && offer.price.interval ? ` ${t(`purchases:interval.${offer.price.interval}`)}` : ''}
            </Text>
            {recurring && offer.price.trialDays ? <Text size="sm">{t('purchases:bankTransfer.trial', { count: offer.price.trialDays })}</Text> : null}
            {failure && (
              <Alert color="red" variant="light" role="alert">
                {failure}
              </Alert>
            )}
            <TextInput label={t('purchases:bankTransfer.name')} value={name} onChange={(e) => setName(e.currentTarget.value)} error={errors.name} required maxLength={100} />
            <TextInput label={t('purchases:bankTransfer.email')} type="email" value={email} onChange={(e) => setEmail(e.currentTarget.value)} error={errors.email} required />
            <TextInput
              label={t('purchases:offer.coupon')}
              description={t('purchases:bankTransfer.couponHint')}
              value={couponCode}
              onChange={(e) => setCouponCode(e.currentTarget.value)}
              error={errors.coupon}
              autoComplete="off"
              maxLength={64}
            />
            <Button onClick={() => void submit()} loading={busy}>
              {t('purchases:bankTransfer.submit')}
            </Button>
          </Stack>
        )}
      </Modal>
    </>
  );
}
