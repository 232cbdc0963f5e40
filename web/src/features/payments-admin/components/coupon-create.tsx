import { Button, Group, MultiSelect, NumberInput, Paper, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useNavigate } from 'react-router';
import { useSWRConfig } from 'swr';
import { createCouponInput, type CreateCouponInput } from '../../../../../shared/api/calls/payments';
import { couponDurations, currencies, type CouponDuration, type Currency } from '../../../../../shared/constants';
import { ApiError } from '../../../lib/api-error';
import { zodFieldErrors } from '../../../lib/form-errors';
import { errorMessage, useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { couponListKey, createCoupon, isNotConnected, useProducts } from '../api';
import { amountDecimals, CatalogueLoadError, fieldMessage, optionalNumber, toMinorUnits } from './catalogue-shared';
import { AdminPage } from '../../../components/admin-page/admin-page';
import { FormSection } from '../../../components/admin-page/form-section';
import { SuggestedDateInput } from '../../../components/suggested-date-input';
import { namedPills } from '../../../components/named-pills';

interface CouponFormValues {
  code: string;
  name: string;
  type: 'percent' | 'amount';
  percentOff: number | string;
  /** In yen or dollars, as typed. */
  amountOff: number | string;
  currency: Currency;
  duration: CouponDuration;
  durationInMonths: number | string;
  /** `YYYY-MM-DD`: the coupon can be redeemed until the end of that day (the viewer's zone). */
  redeemBy: string;
  maxRedemptions: number | string;
  productIds: string[];
}

/** Schema and server paths to the form's fields. */
const formField = (path: string, type: CouponFormValues['type']) => {
  if (path === 'id') return 'code';
  if (path === 'discount.percentOff') return 'percentOff';
  if (path === 'discount.amountOff') return 'amountOff';
  if (path === 'discount.currency') return 'currency';
  if (path === 'discount' || path.startsWith('discount.')) return type === 'amount' ? 'currency' : 'percentOff';
  if (path.startsWith('productIds.')) return 'productIds';
  return path;
};
const toFormErrors = (fields: Record<string, string>, type: CouponFormValues['type']) => {
  const out: Record<string, string> = {};
  for (const [path, c] of Object.entries(fields)) out[formField(path, type)] ??= c;
  return out;
};

/** The end of a `YYYY-MM-DD` day in the viewer's zone, as ISO; text that is not a date is passed on for the schema to name. */
const endOfDay = (day: string): string | undefined => {
  if (!day.trim()) return undefined;
  const d = new Date(`${day}T23:59:59`);
  return Number.isNaN(d.getTime()) ? day : d.toISOString();
};

function toInput(v: CouponFormValues): CreateCouponInput {
  const code = v.code.trim();
  const months = optionalNumber(v.durationInMonths);
  const limit = optionalNumber(v.maxRedemptions);
  const redeemBy = endOfDay(v.redeemBy);
  return {
    ...(code ? { id: code } : {}),
    name: v.name.trim(),
    discount:
      v.type === 'percent'
        ? { type: 'percent', percentOff: optionalNumber(v.percentOff) ?? Number.NaN }
        : { type: 'amount', amountOff: toMinorUnits(optionalNumber(v.amountOff) ?? Number.NaN, v.currency), currency: v.currency },
    duration: v.duration,
    ...(v.duration === 'repeating' && months !== undefined ? { durationInMonths: months } : {}),
    ...(redeemBy ? { redeemBy } : {}),
    ...(limit !== undefined ? { maxRedemptions: limit } : {}),
    productIds: v.productIds,
  };
}

/** SPEC §2 /admin/stripe/coupon/create: a coupon code members type at checkout. */
export function CouponCreate() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const products = useProducts();
  const form = useForm<CouponFormValues>({
    initialValues: {
      code: '',
      name: '',
      type: 'percent',
      percentOff: '',
      amountOff: '',
      currency: 'jpy',
      duration: 'once',
      durationInMonths: '',
      redeemBy: '',
      maxRedemptions: '',
      productIds: [],
    },
    validate: (v) => toFormErrors(zodFieldErrors(createCouponInput, toInput(v)), v.type),
  });
  const err = (field: keyof CouponFormValues) => fieldMessage(form.errors, field);

  const submit = form.onSubmit(async (values) => {
    try {
      const saved = await createCoupon(toInput(values));
      toast.success(t('payments:coupon.created', { name: saved.name }));
      await mutate(couponListKey());
      navigate('/admin/stripe/coupon');
    } catch (e) {
      toast.error(errorMessage(e));
      if (e instanceof ApiError) form.setErrors(toFormErrors(e.fields, values.type));
    }
  });

  const { type, duration, currency } = form.values;
  const productOptions = (products.data?.products ?? []).filter((p) => p.active).map((p) => ({ value: p.id, label: p.name }));

  return (
    <AdminPage title={t('payments:coupon.createTitle')} back={{ to: '/admin/stripe/coupon', label: t('payments:coupon.back') }}>
      {products.error && isNotConnected(products.error) ? (
        <CatalogueLoadError title={t('payments:product.loadError')} error={products.error} onRetry={() => void products.mutate()} />
      ) : (
        <form onSubmit={(e) => void submit(e)} noValidate>
          <Stack maw={720}>
            <Text size="sm" c="dimmed">
              {t('payments:coupon.noEditHint')}
            </Text>
            <Paper withBorder p="lg" radius="md">
              <Stack>
                <TextInput {...form.getInputProps('name')} error={err('name')} label={t('payments:coupon.fields.name')} withAsterisk maxLength={40} />
                <TextInput
                  {...form.getInputProps('code')}
                  error={err('code')}
                  label={t('payments:coupon.fields.code')}
                  description={t('payments:coupon.codeHint')}
                  maxLength={64}
                  autoCapitalize="characters"
                  spellCheck={false}
                />
              </Stack>
            </Paper>
            <FormSection title={t('payments:coupon.fields.discount')}>
              <SegmentedControl
                aria-label={t('payments:coupon.fields.discountType')}
                value={type}
                onChange={(v) => form.setFieldValue('type', v as CouponFormValues['type'])}
                data={(['percent', 'amount'] as const).map((k) => ({ value: k, label: t(`payments:coupon.type.${k}`) }))}
              />
              {type === 'percent' ? (
                <NumberInput
                  {...form.getInputProps('percentOff')}
                  error={err('percentOff')}
                  label={t('payments:coupon.fields.percentOff')}
                  description={t('payments:coupon.percentHint')}
                  allowNegative={false}
                  decimalScale={2}
                  max={100}
                  maw={240}
                  hideControls
                  withAsterisk
                />
              ) : (
                <Group grow align="flex-start">
                  <NumberInput
                    {...form.getInputProps('amountOff')}
                    error={err('amountOff')}
                    label={t('payments:coupon.fields.amountOff')}
                    description={t(`payments:coupon.amountHint.${currency}`)}
                    allowNegative={false}
                    decimalScale={amountDecimals(currency)}
                    fixedDecimalScale={amountDecimals(currency) > 0}
                    thousandSeparator=","
                    hideControls
                    withAsterisk
                  />
                  <Select
                    {...form.getInputProps('currency')}
                    error={err('currency')}
                    label={t('payments:coupon.fields.currency')}
                    data={currencies.map((c) => ({ value: c, label: t(`payments:currency.${c}`) }))}
                    allowDeselect={false}
                    withAsterisk
                  />
                </Group>
              )}
            </FormSection>
            <Paper withBorder p="lg" radius="md">
              <Stack>
                <Group grow align="flex-start">
                  <Select
                    {...form.getInputProps('duration')}
                    error={err('duration')}
                    label={t('payments:coupon.fields.duration')}
                    description={t('payments:coupon.durationHint')}
                    data={couponDurations.map((d) => ({ value: d, label: t(`payments:coupon.duration.${d}`) }))}
                    allowDeselect={false}
                    withAsterisk
                  />
                  {duration === 'repeating' ? (
                    <NumberInput
                      {...form.getInputProps('durationInMonths')}
                      error={err('durationInMonths')}
                      label={t('payments:coupon.fields.durationInMonths')}
                      allowNegative={false}
                      allowDecimal={false}
                      min={1}
                      withAsterisk
                    />
                  ) : (
                    <div />
                  )}
                </Group>
                <Group grow align="flex-start">
                  <SuggestedDateInput
                    {...form.getInputProps('redeemBy')}
                    error={err('redeemBy')}
                    kind="date"
                    label={t('payments:coupon.fields.redeemBy')}
                    description={t('payments:coupon.redeemByHint')}
                  />
                  <NumberInput
                    {...form.getInputProps('maxRedemptions')}
                    error={err('maxRedemptions')}
                    label={t('payments:coupon.fields.maxRedemptions')}
                    description={t('payments:coupon.maxRedemptionsHint')}
                    allowNegative={false}
                    allowDecimal={false}
                    min={1}
                  />
                </Group>
                <MultiSelect
                  renderPill={namedPills((title) => t('common:itemPicker.remove', { title }))}
                  {...form.getInputProps('productIds')}
                  error={err('productIds') ?? (products.error ? errorMessage(products.error) : undefined)}
                  label={t('payments:coupon.fields.products')}
                  description={t('payments:coupon.productsHint')}
                  data={productOptions}
                  disabled={!products.data}
                  clearable
                  searchable
                />
              </Stack>
            </Paper>
            <Group justify="flex-end">
              <Button component={Link} to="/admin/stripe/coupon" variant="default">
                {t('payments:actions.cancel')}
              </Button>
              <Button type="submit" loading={form.submitting}>
                {t('payments:actions.create')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </AdminPage>
  );
}
