import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import { useSWRConfig } from 'swr';
import { savePriceInput, type Price, type Product, type SavePriceInput } from '../../../../../shared/api/calls/payments';
import { DESCRIPTION_MAX_LENGTH, intervals, MINIMUM_USAGE_MAX_MONTHS, PRICE_MIN_TRIAL_DAYS, type Interval, type PriceType } from '../../../../../shared/constants';
import { priceLimitValues } from '../../../../../shared/rules/price';
import { characterCount } from '../../../../../shared/rules/text';
import { ApiError } from '../../../lib/api-error';
import { amountLocale } from '../../../lib/format';
import { zodFieldErrors } from '../../../lib/form-errors';
import { errorMessage, useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { priceListKey, savePrice, usePrices, useProducts } from '../api';
import { amountDecimals, CatalogueLoadError, fieldMessage, optionalNumber, toMinorUnits, useFormatAmount } from './catalogue-shared';
import { FormSection } from '../../../components/admin-page/form-section';

/** Stripe's metadata limits: 50 keys, keys up to 40 characters, values up to 500. */
const METADATA_MAX_ROWS = 50;

interface PriceFormValues {
  type: PriceType;
  /** In yen or dollars (cents as decimals), as typed. */
  amount: number | string;
  interval: Interval | null;
  trialDays: number | string;
  validDays: number | string;
  minimumUsageMonths: number | string;
  nickname: string;
  description: string;
  active: boolean;
  metadata: { key: string; value: string }[];
}

/** SPEC §2 /admin/stripe/price/:productId/create and /admin/stripe/price/:productId/:priceId/edit. */
export function PriceEdit() {
  const { t } = useTranslation();
  const { productId, priceId } = useParams();
  const products = useProducts();
  const prices = usePrices(priceId ? productId : undefined);
  const product = products.data?.products.find((p) => p.id === productId);
  const price = priceId ? prices.data?.prices.find((p) => p.id === priceId) : undefined;
  const error = products.error ?? prices.error;
  const loading = !products.data || (!!priceId && !prices.data);
  return (
    <Stack gap="lg" maw={960}>
      <Anchor component={Link} to={`/admin/stripe/price/${productId}`} size="sm">
        {t('payments:price.backToList')}
      </Anchor>
      <Stack gap={2}>
        <Title order={1} size="h2">
          {t(priceId ? 'payments:price.editTitle' : 'payments:price.createTitle')}
        </Title>
        {product && (
          <Text c="dimmed" size="sm">
            {t('payments:price.ofProduct', { name: product.name, currency: t(`payments:currency.${product.currency}`) })}
          </Text>
        )}
      </Stack>
      {error ? (
        <CatalogueLoadError
          title={t('payments:price.loadError')}
          error={error}
          onRetry={() => {
            void products.mutate();
            void prices.mutate();
          }}
        />
      ) : loading ? (
        <Skeleton h={480} maw={720} role="status" aria-label={t('common:loading')} />
      ) : !product || (priceId && !price) ? (
        <Alert color="red" variant="light" role="alert">
          {errorMessage('common/not_found')}
        </Alert>
      ) : (
        <PriceForm product={product} price={price} />
      )}
    </Stack>
  );
}

/** The form's field for a schema or server path (`unitAmount` is typed as `amount`). */
const formField = (path: string) => (path === 'unitAmount' ? 'amount' : path.startsWith('metadata.') ? 'metadata' : path);
const toFormErrors = (fields: Record<string, string>) => {
  const out: Record<string, string> = {};
  for (const [path, c] of Object.entries(fields)) out[formField(path)] ??= c;
  return out;
};

function PriceForm({ product, price }: { product: Product; price?: Price }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const formatAmount = useFormatAmount();
  const currency = product.currency;
  const editing = !!price;

  const toInput = (v: PriceFormValues): SavePriceInput => {
    // An edit sends the fixed terms exactly as stored (Stripe never changes them).
    const type = price?.type ?? v.type;
    const trialDays = price ? price.trialDays : optionalNumber(v.trialDays);
    const validDays = optionalNumber(v.validDays);
    const minimumUsageMonths = optionalNumber(v.minimumUsageMonths);
    return {
      ...(price ? { id: price.id } : {}),
      productId: product.id,
      nickname: v.nickname.trim(),
      description: v.description,
      unitAmount: price ? price.unitAmount : toMinorUnits(optionalNumber(v.amount) ?? Number.NaN, currency),
      currency: price?.currency ?? currency,
      type,
      ...(type === 'recurring'
        ? { interval: price?.interval ?? v.interval ?? undefined, ...(trialDays ? { trialDays } : {}), ...(minimumUsageMonths ? { minimumUsageMonths } : {}) }
        : {}),
      ...(type === 'one_time' && validDays !== undefined ? { validDays } : {}),
      active: v.active,
      metadata: Object.fromEntries(v.metadata.map((m) => [m.key.trim(), m.value.trim()])),
    };
  };

  const metadataIssues = (rows: PriceFormValues['metadata']) => {
    const out: Record<string, string> = {};
    const seen = new Set<string>();
    rows.forEach((m, i) => {
      const key = m.key.trim();
      if (!key) out[`metadata.${i}.key`] = 'validation/required';
      else if (seen.has(key) || key.startsWith('platform_')) out[`metadata.${i}.key`] = 'validation/invalid_value';
      if (!m.value.trim()) out[`metadata.${i}.value`] = 'validation/required';
      seen.add(key);
    });
    return out;
  };

  const form = useForm<PriceFormValues>({
    initialValues: {
      type: price?.type ?? 'one_time',
      amount: price ? price.unitAmount / 10 ** amountDecimals(currency) : '',
      interval: price?.interval ?? 'month',
      trialDays: price?.trialDays ?? '',
      validDays: price?.validDays ?? '',
      minimumUsageMonths: price?.minimumUsageMonths ?? '',
      nickname: price?.nickname ?? '',
      description: price?.description ?? '',
      active: price?.active ?? true,
      metadata: Object.entries(price?.metadata ?? {}).map(([key, value]) => ({ key, value })),
    },
    validate: (v) => {
      const rows = metadataIssues(v.metadata);
      const { metadata, ...fields } = toFormErrors(zodFieldErrors(savePriceInput, toInput(v)));
      // A row's own message says it better than the record's.
      return { ...fields, ...(metadata && !Object.keys(rows).length ? { metadata } : {}), ...rows };
    },
  });

  const limits = priceLimitValues(currency, amountLocale(i18n.language));
  const maxOf: Record<string, number> = { description: DESCRIPTION_MAX_LENGTH, minimumUsageMonths: MINIMUM_USAGE_MAX_MONTHS };
  const err = (field: string) => fieldMessage(form.errors, field, { ...limits, min: field === 'trialDays' ? PRICE_MIN_TRIAL_DAYS : limits.min, max: maxOf[field] ?? limits.max });

  const submit = form.onSubmit(async (values) => {
    try {
      const saved = await savePrice(toInput(values));
      toast.success(t(editing ? 'payments:price.saved' : 'payments:price.created', { name: saved.nickname }));
      await mutate(priceListKey(product.id));
      navigate(`/admin/stripe/price/${product.id}`);
    } catch (e) {
      toast.error(errorMessage(e));
      if (e instanceof ApiError) form.setErrors(toFormErrors(e.fields));
    }
  });

  const type = form.values.type;
  const decimals = amountDecimals(currency);

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack maw={720}>
        <FormSection title={t('payments:price.terms')}>
          {editing && (
            <Text size="sm" c="dimmed">
              {t('payments:price.fixedHint')}
            </Text>
          )}
          <div>
            <Text size="sm" fw={500} id="price-type-label">
              {t('payments:price.fields.type')}
            </Text>
            <SegmentedControl
              aria-labelledby="price-type-label"
              value={type}
              onChange={(v) => form.setFieldValue('type', v as PriceType)}
              data={(['one_time', 'recurring'] as const).map((k) => ({ value: k, label: t(`payments:price.type.${k}`) }))}
              disabled={editing}
            />
            {err('type') && (
              <Text size="xs" c="red" mt={4}>
                {err('type')}
              </Text>
            )}
          </div>
          <Group grow align="flex-start">
            {editing && price ? (
              <TextInput label={t('payments:price.fields.amount')} value={formatAmount(price.unitAmount, price.currency)} error={err('amount')} readOnly disabled />
            ) : (
              <NumberInput
                {...form.getInputProps('amount')}
                error={err('amount')}
                label={t('payments:price.fields.amount')}
                description={t(`payments:price.amountHint.${currency}`, limits)}
                decimalScale={decimals}
                fixedDecimalScale={decimals > 0}
                allowNegative={false}
                thousandSeparator=","
                hideControls
                inputMode={decimals > 0 ? 'decimal' : 'numeric'}
                withAsterisk
              />
            )}
            <TextInput
              label={t('payments:price.fields.currency')}
              value={t(`payments:currency.${price?.currency ?? currency}`)}
              description={t('payments:price.currencyHint')}
              error={err('currency')}
              readOnly
              disabled
            />
          </Group>
          {type === 'recurring' ? (
            <Group grow align="flex-start">
              <Select
                {...form.getInputProps('interval')}
                error={err('interval')}
                label={t('payments:price.fields.interval')}
                data={intervals.map((i) => ({ value: i, label: t(`payments:interval.${i}`) }))}
                allowDeselect={false}
                disabled={editing}
                withAsterisk
              />
              <NumberInput
                {...form.getInputProps('trialDays')}
                error={err('trialDays')}
                label={t('payments:price.fields.trialDays')}
                description={t('payments:price.trialHint', { min: PRICE_MIN_TRIAL_DAYS })}
                allowNegative={false}
                allowDecimal={false}
                min={PRICE_MIN_TRIAL_DAYS}
                disabled={editing}
              />
              <NumberInput
                {...form.getInputProps('minimumUsageMonths')}
                error={err('minimumUsageMonths')}
                label={t('payments:price.fields.minimumUsageMonths')}
                description={t('payments:price.minimumUsageHint', { max: MINIMUM_USAGE_MAX_MONTHS })}
                allowNegative={false}
                allowDecimal={false}
                min={1}
                max={MINIMUM_USAGE_MAX_MONTHS}
              />
            </Group>
          ) : (
            <NumberInput
              {...form.getInputProps('validDays')}
              error={err('validDays')}
              label={t('payments:price.fields.validDays')}
              description={t('payments:price.validDaysHint')}
              allowNegative={false}
              allowDecimal={false}
              min={0}
              maw={320}
            />
          )}
        </FormSection>

        <Paper withBorder p="lg" radius="md">
          <Stack>
            <TextInput {...form.getInputProps('nickname')} error={err('nickname')} label={t('payments:price.fields.nickname')} description={t('payments:price.nicknameHint')} withAsterisk maxLength={100} />
            <Textarea
              {...form.getInputProps('description')}
              error={err('description')}
              label={t('payments:price.fields.description')}
              description={t('payments:form.characters', { count: characterCount(form.values.description), max: DESCRIPTION_MAX_LENGTH })}
              autosize
              minRows={2}
            />
            <Switch {...form.getInputProps('active', { type: 'checkbox' })} label={t('payments:price.fields.active')} description={t('payments:price.activeHint')} />
          </Stack>
        </Paper>

        <FormSection title={t('payments:price.fields.metadata')} hint={t('payments:price.metadataHint')}>
          {form.values.metadata.map((_, i) => (
            <Group key={i} align="flex-start" wrap="nowrap">
              <TextInput
                {...form.getInputProps(`metadata.${i}.key`)}
                error={err(`metadata.${i}.key`)}
                label={t('payments:price.metadataKey', { n: i + 1 })}
                maxLength={40}
                style={{ flex: 1 }}
              />
              <TextInput
                {...form.getInputProps(`metadata.${i}.value`)}
                error={err(`metadata.${i}.value`)}
                label={t('payments:price.metadataValue', { n: i + 1 })}
                maxLength={500}
                style={{ flex: 2 }}
              />
              <ActionIcon mt={26} variant="subtle" color="red" aria-label={t('payments:price.metadataRemove', { n: i + 1 })} onClick={() => form.removeListItem('metadata', i)}>
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            </Group>
          ))}
          {err('metadata') && (
            <Text size="sm" c="red">
              {err('metadata')}
            </Text>
          )}
          <Group>
            <Button
              variant="default"
              leftSection={<IconPlus size={14} aria-hidden />}
              onClick={() => form.insertListItem('metadata', { key: '', value: '' })}
              disabled={form.values.metadata.length >= METADATA_MAX_ROWS}
            >
              {t('payments:price.metadataAdd')}
            </Button>
          </Group>
        </FormSection>

        <Group justify="flex-end">
          <Button component={Link} to={`/admin/stripe/price/${product.id}`} variant="default">
            {t('payments:actions.cancel')}
          </Button>
          <Button type="submit" loading={form.submitting}>
            {t(editing ? 'payments:actions.save' : 'payments:actions.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
