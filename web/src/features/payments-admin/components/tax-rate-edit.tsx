import { Alert, Button, Group, NumberInput, Paper, SegmentedControl, Skeleton, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useNavigate, useParams } from 'react-router';
import { useSWRConfig } from 'swr';
import { saveTaxRateInput, type SaveTaxRateInput, type TaxRate } from '../../../../../shared/api/calls/payments';
import { ApiError } from '../../../lib/api-error';
import { zodFieldErrors } from '../../../lib/form-errors';
import { errorMessage, useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { isNotConnected, saveTaxRate, taxRateListKey, useTaxRates } from '../api';
import { CatalogueLoadError, fieldMessage, optionalNumber } from './catalogue-shared';
import { AdminPage } from '../../../components/admin-page/admin-page';

interface TaxRateFormValues {
  displayName: string;
  percentage: number | string;
  inclusive: boolean;
  active: boolean;
}

/** SPEC §2 /admin/stripe/tax_rate/create and /admin/stripe/tax_rate/:taxRateId/edit. */
export function TaxRateEdit() {
  const { t } = useTranslation();
  const { taxRateId } = useParams();
  const taxRates = useTaxRates();
  const taxRate = taxRateId ? taxRates.data?.taxRates.find((r) => r.id === taxRateId) : undefined;
  return (
    <AdminPage title={t(taxRateId ? 'payments:taxRate.editTitle' : 'payments:taxRate.createTitle')} back={{ to: '/admin/stripe/tax_rate', label: t('payments:taxRate.back') }}>
      {taxRates.error && (taxRateId || isNotConnected(taxRates.error)) ? (
        <CatalogueLoadError title={t('payments:taxRate.loadError')} error={taxRates.error} onRetry={() => void taxRates.mutate()} />
      ) : !taxRateId ? (
        <TaxRateForm />
      ) : !taxRates.data ? (
        <Skeleton h={280} maw={560} role="status" aria-label={t('common:loading')} />
      ) : !taxRate ? (
        <Alert color="red" variant="light" role="alert">
          {errorMessage('common/not_found')}
        </Alert>
      ) : (
        <TaxRateForm taxRate={taxRate} />
      )}
    </AdminPage>
  );
}

function TaxRateForm({ taxRate }: { taxRate?: TaxRate }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const editing = !!taxRate;
  const toInput = (v: TaxRateFormValues): SaveTaxRateInput => ({
    ...(taxRate ? { id: taxRate.id } : {}),
    displayName: v.displayName.trim(),
    // Fixed once created: an edit sends them as stored.
    percentage: taxRate ? taxRate.percentage : (optionalNumber(v.percentage) ?? Number.NaN),
    inclusive: taxRate ? taxRate.inclusive : v.inclusive,
    active: v.active,
  });
  const form = useForm<TaxRateFormValues>({
    initialValues: {
      displayName: taxRate?.displayName ?? '',
      percentage: taxRate?.percentage ?? '',
      inclusive: taxRate?.inclusive ?? false,
      active: taxRate?.active ?? true,
    },
    validate: (v) => zodFieldErrors(saveTaxRateInput, toInput(v)),
  });
  const err = (field: keyof TaxRateFormValues) => fieldMessage(form.errors, field);

  const submit = form.onSubmit(async (values) => {
    try {
      const saved = await saveTaxRate(toInput(values));
      toast.success(t(editing ? 'payments:taxRate.saved' : 'payments:taxRate.created', { name: saved.displayName }));
      await mutate(taxRateListKey());
      navigate('/admin/stripe/tax_rate');
    } catch (e) {
      toast.error(errorMessage(e));
      if (e instanceof ApiError) form.setErrors(e.fields);
    }
  });

  return (
    <Paper withBorder p="lg" radius="md" maw={560}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack>
          {editing && (
            <Text size="sm" c="dimmed">
              {t('payments:taxRate.fixedHint')}
            </Text>
          )}
          <TextInput
            {...form.getInputProps('displayName')}
            error={err('displayName')}
            label={t('payments:taxRate.fields.displayName')}
            description={t('payments:taxRate.displayNameHint')}
            withAsterisk
            maxLength={50}
          />
          <NumberInput
            {...form.getInputProps('percentage')}
            error={err('percentage')}
            label={t('payments:taxRate.fields.percentage')}
            description={t('payments:taxRate.percentageHint')}
            allowNegative={false}
            decimalScale={4}
            max={99.9999}
            hideControls
            maw={240}
            disabled={editing}
            withAsterisk
          />
          <div>
            <Text size="sm" fw={500} id="tax-inclusive-label">
              {t('payments:taxRate.fields.inclusive')}
            </Text>
            <SegmentedControl
              aria-labelledby="tax-inclusive-label"
              value={form.values.inclusive ? 'inclusive' : 'exclusive'}
              onChange={(v) => form.setFieldValue('inclusive', v === 'inclusive')}
              data={(['exclusive', 'inclusive'] as const).map((k) => ({ value: k, label: t(`payments:taxRate.${k}`) }))}
              disabled={editing}
            />
            <Text size="xs" c={err('inclusive') ? 'red' : 'dimmed'} mt={4}>
              {err('inclusive') ?? t('payments:taxRate.inclusiveHint')}
            </Text>
          </div>
          <Switch {...form.getInputProps('active', { type: 'checkbox' })} label={t('payments:taxRate.fields.active')} />
          <Group justify="flex-end">
            <Button component={Link} to="/admin/stripe/tax_rate" variant="default">
              {t('payments:actions.cancel')}
            </Button>
            <Button type="submit" loading={form.submitting}>
              {t(editing ? 'payments:actions.save' : 'payments:actions.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
