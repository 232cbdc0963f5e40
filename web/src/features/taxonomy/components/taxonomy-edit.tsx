import { Button, FileInput, Group, NumberInput, Paper, Skeleton, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useSWRConfig } from 'swr';
import { creatorFormSchema, taxonomyFormSchema, type TaxonomyItem, type TaxonomyKind } from '../../../../../shared/api/calls/categories';
import { LoadError } from '../../../components/load-error';
import { ApiError } from '../../../lib/api-error';
import { zodFieldErrors } from '../../../lib/form-errors';
import { errorMessage, useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { createTaxonomyItem, updateTaxonomyItem, uploadThumbnail, useTaxonomyItem, type TaxonomyFields } from '../api';
import { AdminPage } from '../../../components/admin-page/admin-page';

/** SPEC §2 /admin/<kind>/create and /admin/<kind>/:id/edit. */
export function TaxonomyEdit({ kind }: { kind: TaxonomyKind }) {
  const { t } = useTranslation();
  const { id } = useParams();
  const item = useTaxonomyItem(kind, id);
  return (
    <AdminPage title={t(id ? `taxonomy:${kind}.editTitle` : `taxonomy:${kind}.createTitle`)} back={{ to: `/admin/${kind}`, label: t(`taxonomy:${kind}.back`) }}>
      {!id ? (
        <TaxonomyForm kind={kind} />
      ) : item.error ? (
        <LoadError title={t('taxonomy:edit.loadError')} error={item.error} onRetry={() => void item.mutate()} />
      ) : !item.data ? (
        <Skeleton h={240} maw={640} role="status" aria-label={t('common:loading')} />
      ) : (
        <TaxonomyForm kind={kind} item={item.data} />
      )}
    </AdminPage>
  );
}

function TaxonomyForm({ kind, item }: { kind: TaxonomyKind; item?: TaxonomyItem }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const schema = kind === 'creator' ? creatorFormSchema : taxonomyFormSchema;
  const form = useForm<TaxonomyFields>({
    initialValues: {
      name: item?.name ?? '',
      thumbnailKey: item?.thumbnailKey ?? null,
      sortNumber: item?.sortNumber ?? 0,
      ...(kind === 'creator' ? { profile: item?.profile ?? '' } : {}),
    },
    validate: (v) => zodFieldErrors(schema, v),
  });
  const [uploading, setUploading] = useState(false);
  const fieldError = (name: keyof TaxonomyFields) => {
    const c = form.errors[name];
    return typeof c === 'string' ? errorMessage(c) : undefined;
  };

  const pickThumbnail = async (file: File | null) => {
    if (!file) return form.setFieldValue('thumbnailKey', null);
    setUploading(true);
    try {
      form.setFieldValue('thumbnailKey', await uploadThumbnail(file));
    } catch (e) {
      toast.error(t('taxonomy:edit.thumbnailFailed'), errorMessage(e));
    } finally {
      setUploading(false);
    }
  };

  const submit = form.onSubmit(async (values) => {
    const fields = { ...values, name: values.name.trim() };
    try {
      if (item) await updateTaxonomyItem(kind, item.id, fields);
      else await createTaxonomyItem(kind, fields);
    } catch (e) {
      toast.error(errorMessage(e));
      if (e instanceof ApiError) form.setErrors(e.fields);
      return;
    }
    toast.success(t(item ? 'taxonomy:edit.saved' : 'taxonomy:edit.created', { name: fields.name }));
    await mutate((key) => Array.isArray(key) && typeof key[0] === 'string' && key[0].startsWith(`/${kind}/`));
    navigate(`/admin/${kind}`);
  });

  return (
    <Paper withBorder p="lg" radius="md" maw={640}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack>
          <TextInput {...form.getInputProps('name')} error={fieldError('name')} label={t('taxonomy:fields.name')} withAsterisk />
          <NumberInput
            {...form.getInputProps('sortNumber')}
            error={fieldError('sortNumber')}
            label={t('taxonomy:fields.sortNumber')}
            description={t('taxonomy:fields.sortNumberHint')}
            allowDecimal={false}
            allowNegative={false}
          />
          <FileInput
            label={t('taxonomy:fields.thumbnail')}
            accept="image/jpeg,image/png,image/webp"
            clearable
            onChange={(f) => void pickThumbnail(f)}
            error={fieldError('thumbnailKey')}
            description={form.values.thumbnailKey ? t('taxonomy:edit.thumbnailSet') : undefined}
            disabled={uploading}
          />
          {kind === 'creator' && (
            <Textarea {...form.getInputProps('profile')} error={fieldError('profile')} label={t('taxonomy:fields.profile')} autosize minRows={4} />
          )}
          {item && <Text size="sm">{t('taxonomy:edit.usage', { count: item.usageCount })}</Text>}
          <Group justify="flex-end">
            <Button type="submit" loading={form.submitting || uploading}>
              {t(item ? 'taxonomy:actions.save' : 'taxonomy:actions.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
