import { Alert, Anchor, Button, Group, Image, Paper, Select, Skeleton, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useSWRConfig } from 'swr';
import { productInput, type Product } from '../../../../../shared/api/calls/payments';
import { currencies, DESCRIPTION_MAX_LENGTH, type Currency } from '../../../../../shared/constants';
import { characterCount } from '../../../../../shared/rules/text';
import { ApiError } from '../../../lib/api-error';
import { zodFieldErrors } from '../../../lib/form-errors';
import { errorMessage, useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { isNotConnected, productListKey, saveProduct, uploadProductImage, useProducts, useTaxRates } from '../api';
import { ImageUploadField } from '../../../components/image-upload-field';
import { CatalogueLoadError, fieldMessage } from './catalogue-shared';
import { AdminPage } from '../../../components/admin-page/admin-page';

interface ProductFormValues {
  name: string;
  description: string;
  currency: Currency;
  taxRateId: string | null;
  imageKey: string | null;
  active: boolean;
}

/** SPEC §2 /admin/stripe/product/create and /admin/stripe/product/:productId/edit. */
export function ProductEdit() {
  const { t } = useTranslation();
  const { productId } = useParams();
  // No call reads one product: the edit finds it in the list (which the list page has usually loaded).
  const products = useProducts();
  const product = productId ? products.data?.products.find((p) => p.id === productId) : undefined;
  return (
    <AdminPage title={t(productId ? 'payments:product.editTitle' : 'payments:product.createTitle')} back={{ to: '/admin/stripe/product', label: t('payments:product.back') }}>
      {products.error && (productId || isNotConnected(products.error)) ? (
        <CatalogueLoadError title={t('payments:product.loadError')} error={products.error} onRetry={() => void products.mutate()} />
      ) : !productId ? (
        <ProductForm />
      ) : !products.data ? (
        <Skeleton h={320} maw={640} role="status" aria-label={t('common:loading')} />
      ) : !product ? (
        <Alert color="red" variant="light" role="alert">
          {errorMessage('common/not_found')}
        </Alert>
      ) : (
        <ProductForm product={product} />
      )}
    </AdminPage>
  );
}

function ProductForm({ product }: { product?: Product }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const taxRates = useTaxRates();
  const form = useForm<ProductFormValues>({
    initialValues: {
      name: product?.name ?? '',
      description: product?.description ?? '',
      currency: product?.currency ?? 'jpy',
      taxRateId: product?.taxRateId ?? null,
      imageKey: product?.imageKey ?? null,
      active: product?.active ?? true,
    },
    validate: (v) => zodFieldErrors(productInput, toInput(v, product)),
  });
  const err = (field: keyof ProductFormValues) => fieldMessage(form.errors, field, { max: DESCRIPTION_MAX_LENGTH });
  // The preview: the stored image's signed URL, or the file just chosen (read locally, not from storage).
  const [chosen, setChosen] = useState<{ key: string; url: string }>();
  useEffect(() => () => chosen && URL.revokeObjectURL(chosen.url), [chosen]);
  const upload = async (file: File) => {
    const key = await uploadProductImage(file);
    setChosen({ key, url: URL.createObjectURL(file) });
    return key;
  };
  const previewUrl = form.values.imageKey === null ? undefined : form.values.imageKey === chosen?.key ? chosen.url : form.values.imageKey === product?.imageKey ? product.imageUrl : undefined;

  const submit = form.onSubmit(async (values) => {
    try {
      const saved = await saveProduct(toInput(values, product));
      toast.success(t(product ? 'payments:product.saved' : 'payments:product.created', { name: saved.name }));
      await mutate(productListKey());
      navigate('/admin/stripe/product');
    } catch (e) {
      toast.error(errorMessage(e));
      if (e instanceof ApiError) form.setErrors(e.fields);
    }
  });

  // Inactive tax rates stay listed when the product already uses one.
  const taxRateOptions = (taxRates.data?.taxRates ?? [])
    .filter((r) => r.active || r.id === product?.taxRateId)
    .map((r) => ({
      value: r.id,
      label: t(r.inclusive ? 'payments:taxRate.optionInclusive' : 'payments:taxRate.optionExclusive', { name: r.displayName, percentage: r.percentage }),
    }));

  return (
    <Paper withBorder p="lg" radius="md" maw={640}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack>
          <TextInput {...form.getInputProps('name')} error={err('name')} label={t('payments:product.fields.name')} withAsterisk maxLength={100} />
          <Textarea
            {...form.getInputProps('description')}
            error={err('description')}
            label={t('payments:product.fields.description')}
            description={t('payments:form.characters', { count: characterCount(form.values.description), max: DESCRIPTION_MAX_LENGTH })}
            autosize
            minRows={3}
          />
          <Stack gap={6}>
            <ImageUploadField
              label={t('payments:product.fields.image')}
              value={form.values.imageKey}
              onChange={(key) => form.setFieldValue('imageKey', key)}
              upload={upload}
              error={err('imageKey')}
            />
            <Text size="xs" c="dimmed">
              {t('payments:product.imageHint')}
            </Text>
            {previewUrl && <Image src={previewUrl} alt={form.values.name.trim() || t('payments:product.fields.image')} w={160} h={90} fit="cover" radius="sm" />}
          </Stack>
          <Select
            {...form.getInputProps('currency')}
            error={err('currency')}
            label={t('payments:product.fields.currency')}
            description={t(product ? 'payments:product.currencyEditHint' : 'payments:product.currencyHint')}
            data={currencies.map((c) => ({ value: c, label: t(`payments:currency.${c}`) }))}
            allowDeselect={false}
            withAsterisk
          />
          <Select
            {...form.getInputProps('taxRateId')}
            error={err('taxRateId') ?? (taxRates.error ? errorMessage(taxRates.error) : undefined)}
            label={t('payments:product.fields.taxRate')}
            placeholder={t('payments:product.noTaxRate')}
            description={
              <>
                {t('payments:product.taxRateHint')}{' '}
                <Anchor component={Link} to="/admin/stripe/tax_rate" size="xs" underline="always">
                  {t('payments:product.manageTaxRates')}
                </Anchor>
              </>
            }
            data={taxRateOptions}
            disabled={!taxRates.data}
            clearable
          />
          <Switch {...form.getInputProps('active', { type: 'checkbox' })} label={t('payments:product.fields.active')} />
          <Group justify="flex-end">
            <Button component={Link} to="/admin/stripe/product" variant="default">
              {t('payments:actions.cancel')}
            </Button>
            <Button type="submit" loading={form.submitting}>
              {t(product ? 'payments:actions.save' : 'payments:actions.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

const toInput = (v: ProductFormValues, product: Product | undefined) => ({
  ...(product ? { id: product.id } : {}),
  name: v.name.trim(),
  description: v.description,
  currency: v.currency,
  ...(v.taxRateId ? { taxRateId: v.taxRateId } : {}),
  imageKey: v.imageKey,
  active: v.active,
});
