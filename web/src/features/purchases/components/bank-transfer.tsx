import { Alert, Anchor, Button, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { InvoicePayment, PriceOffer } from '../../../../../shared/api/calls/payments';
import { ApiError } from '../../../lib/api-error';
import { formatDate } from '../../../lib/format';
import { errorMessage, useTranslation } from '../../../lib/i18n';
import { createInvoicePayment } from '../api';

export interface BankTransferProps {
  offer: PriceOffer;
  coupon: string;
}

/**
 * SPEC §7 invoice payment for a one-time price: the member names the invoice's recipient (SPEC §5), Stripe
 * issues it, and its page shows where to transfer. Access starts when the transfer arrives (the webhook).
 */
export function BankTransfer({ offer, coupon }: BankTransferProps) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [issued, setIssued] = useState<InvoicePayment>();

  const submit = async () => {
    setBusy(true);
    setErrors({});
    setFailure(undefined);
    try {
      setIssued(await createInvoicePayment(offer.price.id, coupon.trim() || undefined, name, email));
    } catch (e) {
      const fields = Object.fromEntries(Object.entries(e instanceof ApiError ? (e.fields ?? {}) : {}).map(([k, code]) => [k, errorMessage(code)]));
      setErrors(fields);
      if (!Object.keys(fields).length) setFailure(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button variant="subtle" size="xs" onClick={() => setOpened(true)}>
        {t('purchases:bankTransfer.open')}
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={t('purchases:bankTransfer.title', { name: offer.price.nickname })} centered>
        {issued ? (
          <Stack gap="sm">
            <Alert color="teal" variant="light" role="status">
              {t('purchases:bankTransfer.issued')}
            </Alert>
            {issued.dueDate && <Text size="sm">{t('purchases:bankTransfer.due', { date: formatDate(issued.dueDate) })}</Text>}
            {issued.hostedInvoiceUrl && (
              <Anchor href={issued.hostedInvoiceUrl} target="_blank" rel="noopener noreferrer">
                {t('purchases:bankTransfer.openInvoice')}
              </Anchor>
            )}
          </Stack>
        ) : (
          <Stack gap="sm">
            <Text size="sm">{t('purchases:bankTransfer.intro')}</Text>
            {failure && (
              <Alert color="red" variant="light" role="alert">
                {failure}
              </Alert>
            )}
            <TextInput label={t('purchases:bankTransfer.name')} value={name} onChange={(e) => setName(e.currentTarget.value)} error={errors.name} required maxLength={100} />
            <TextInput label={t('purchases:bankTransfer.email')} type="email" value={email} onChange={(e) => setEmail(e.currentTarget.value)} error={errors.email} required />
            <Button onClick={() => void submit()} loading={busy}>
              {t('purchases:bankTransfer.submit')}
            </Button>
          </Stack>
        )}
      </Modal>
    </>
  );
}
