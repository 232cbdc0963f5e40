import { Anchor, MultiSelect, Skeleton } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { formatPriceAmount } from '../../../../shared/rules/price';
import { ApiError } from '../../lib/api-error';
import { namedPills } from '../named-pills';
import { amountLocale } from '../../lib/format';
import { loadNamespaces, useTranslation } from '../../lib/i18n';
import { usePriceChoices } from './api';
import { inputOf, type CommonForm } from './form-access';

/** Its strings live with the payment screens (the `payments` namespace), loaded with the field. */
function usePaymentStrings(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    const done = () => live && setReady(true);
    loadNamespaces('payments').then(done, done);
    return () => {
      live = false;
    };
  }, []);
  return ready;
}

/** SPEC §3 prices of any content: the team's active prices; members need a purchase of one (SPEC §4 unpurchased). */
export function PricesField({ form, max }: { form: CommonForm; max: number }) {
  const { t, i18n } = useTranslation();
  const ready = usePaymentStrings();
  const choices = usePriceChoices();
  if (!ready) return <Skeleton h={60} />;
  const notConnected = choices.error instanceof ApiError && choices.error.code === 'payment/not_connected';
  const locale = amountLocale(i18n.language);
  const options = (choices.data ?? []).map(({ price, productName }) => ({
    value: price.id,
    label: t('payments:videoPrices.option', {
      product: productName,
      nickname: price.nickname || price.id,
      amount: formatPriceAmount(price.unitAmount, price.currency, locale),
    }),
  }));
  // Prices chosen before (now inactive, or not loaded) stay visible by their id so they can be removed.
  const known = new Set(options.map((o) => o.value));
  const data = [...options, ...form.values.priceIds.filter((id) => !known.has(id)).map((id) => ({ value: id, label: id }))];
  const hint = notConnected ? (
    <>
      {t('payments:videoPrices.notConnected')}{' '}
      <Anchor component={Link} to="/admin/payment" size="xs">
        {t('payments:videoPrices.link')}
      </Anchor>
    </>
  ) : choices.error ? (
    <>
      {t('payments:videoPrices.loadError')}{' '}
      <Anchor component="button" type="button" size="xs" onClick={() => void choices.mutate()}>
        {t('common:actions.retry')}
      </Anchor>
    </>
  ) : (
    t('payments:videoPrices.hint', { max })
  );
  return (
    <MultiSelect
      {...inputOf(form, 'priceIds')}
      label={t('payments:videoPrices.label')}
      description={hint}
      data={data}
      disabled={!!choices.error || !choices.data}
      maxValues={max}
      clearable
      searchable
      renderPill={namedPills((price) => t('payments:videoPrices.remove', { price }))}
    />
  );
}
