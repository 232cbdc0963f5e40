import {
  ActionIcon,
  Anchor,
  Button,
  Checkbox,
  FileInput,
  Group,
  Image,
  MultiSelect,
  Paper,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { VIDEO_MAX_PRICES } from '../../../../../shared/api/calls/videos';
import { formatPriceAmount } from '../../../../../shared/rules/price';
import { LoadError } from '../../../components/load-error';
import { ApiError } from '../../../lib/api-error';
import { amountLocale } from '../../../lib/format';
import { errorMessage, loadNamespaces, useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { uploadSmallFile, useVideoChoices, useVideoPriceChoices } from '../api';
import type { VideoFormValues } from '../form-values';
import { ThumbnailCropper } from './thumbnail-cropper';

interface VideoFormProps {
  form: UseFormReturnType<VideoFormValues>;
  /** Create shows the main fields only; edit shows every field. */
  full: boolean;
  submitLabel: string;
  onSubmit: (e?: React.FormEvent<HTMLFormElement>) => void;
  /** Under the fields, above the submit button (e.g. the uploader). */
  children?: ReactNode;
}

/** SPEC §3 video fields. */
export function VideoForm({ form, full, submitLabel, onSubmit, children }: VideoFormProps) {
  const { t } = useTranslation();
  const choices = useVideoChoices();
  const err = (name: string) => {
    const c = form.errors[name];
    return typeof c === 'string' ? errorMessage(c) : undefined;
  };
  const input = (name: string) => ({ ...form.getInputProps(name), error: err(name) });
  const status = form.values.status;

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="lg" maw={760}>
        <Paper withBorder p="lg" radius="md">
          <Stack>
            <TextInput {...input('title')} label={t('videos:fields.title')} withAsterisk />
            {choices.error ? (
              <LoadError title={t('videos:form.choicesError')} error={choices.error} onRetry={() => void choices.mutate()} />
            ) : (
              <>
                <Select
                  {...input('categoryId')}
                  label={t('videos:fields.category')}
                  placeholder={t('videos:form.none')}
                  data={choices.data?.categories ?? []}
                  clearable
                  searchable
                />
                <MultiSelect {...input('tagIds')} label={t('videos:fields.tags')} data={choices.data?.tags ?? []} clearable searchable />
                <Select
                  {...input('creatorId')}
                  label={t('videos:fields.creator')}
                  placeholder={t('videos:form.none')}
                  data={choices.data?.creators ?? []}
                  clearable
                  searchable
                />
              </>
            )}
            <Textarea {...input('overview')} label={t('videos:fields.overview')} autosize minRows={3} />
          </Stack>
        </Paper>

        <Paper withBorder p="lg" radius="md">
          <Stack>
            <Title order={2} size="h4">
              {t('videos:form.publication')}
            </Title>
            <div>
              <Text size="sm" fw={500} id="video-status-label">
                {t('videos:fields.status')}
              </Text>
              <SegmentedControl
                aria-labelledby="video-status-label"
                value={status}
                onChange={(v) => form.setFieldValue('status', v as VideoFormValues['status'])}
                data={(['private', 'public', 'publicationPeriod'] as const).map((s) => ({ value: s, label: t(`videos:status.${s}`) }))}
              />
            </div>
            {status === 'publicationPeriod' && (
              <Group grow>
                <TextInput {...input('publicationStart')} type="datetime-local" label={t('videos:fields.publicationStart')} withAsterisk />
                <TextInput {...input('publicationEnd')} type="datetime-local" label={t('videos:fields.publicationEnd')} withAsterisk />
              </Group>
            )}
            <TextInput {...input('releasedAt')} type="datetime-local" label={t('videos:fields.releasedAt')} />
            <Checkbox {...form.getInputProps('isListHidden', { type: 'checkbox' })} label={t('videos:fields.isListHidden')} />
            <Checkbox {...form.getInputProps('forcedPlayback', { type: 'checkbox' })} label={t('videos:fields.forcedPlayback')} />
            <Checkbox {...form.getInputProps('disableSeek', { type: 'checkbox' })} label={t('videos:fields.disableSeek')} />
            {full && (
              <>
                <Checkbox
                  {...form.getInputProps('isPublic', { type: 'checkbox' })}
                  label={t('videos:fields.isPublic')}
                  description={t('videos:fields.isPublicHint')}
                />
                <MultiSelect
                  {...input('groupIds')}
                  label={t('videos:fields.groups')}
                  description={t('videos:fields.groupsHint')}
                  data={choices.data?.groups ?? []}
                  disabled={form.values.isPublic}
                  clearable
                  searchable
                />
                <Group grow>
                  <TextInput {...input('playableStart')} type="datetime-local" label={t('videos:fields.playableStart')} />
                  <TextInput {...input('playableEnd')} type="datetime-local" label={t('videos:fields.playableEnd')} />
                </Group>
                <Checkbox {...form.getInputProps('realtimePremiere', { type: 'checkbox' })} label={t('videos:fields.realtimePremiere')} />
                <PricesField form={form} err={err} />
              </>
            )}
          </Stack>
        </Paper>

        {full && (
          <>
            <ThumbnailField form={form} />
            <PairListField
              form={form}
              err={err}
              list="chapters"
              titleKey="videos:fields.chapters"
              addKey="videos:form.addChapter"
              columns={[
                { name: 'time', labelKey: 'videos:fields.chapterTime', placeholder: '0:00', width: 120 },
                { name: 'title', labelKey: 'videos:fields.chapterTitle' },
              ]}
            />
            <PairListField
              form={form}
              err={err}
              list="metadata"
              titleKey="videos:fields.metadata"
              addKey="videos:form.addMetadata"
              columns={[
                { name: 'key', labelKey: 'videos:fields.metadataKey' },
                { name: 'value', labelKey: 'videos:fields.metadataValue' },
              ]}
            />
            <SubtitlesField form={form} err={err} />
            <AttachmentsField form={form} err={err} />
            <Paper withBorder p="lg" radius="md">
              <Stack>
                <Title order={2} size="h4">
                  {t('videos:form.ending')}
                </Title>
                <Switch {...form.getInputProps('endButtonEnabled', { type: 'checkbox' })} label={t('videos:fields.endButton')} />
                {form.values.endButtonEnabled && (
                  <>
                    <TextInput {...input('endButton.text')} label={t('videos:fields.endButtonText')} withAsterisk />
                    <TextInput {...input('endButton.url')} label={t('videos:fields.endButtonUrl')} placeholder="https://" withAsterisk />
                    <Checkbox {...form.getInputProps('endButton.newTab', { type: 'checkbox' })} label={t('videos:fields.endButtonNewTab')} />
                  </>
                )}
                <Select
                  {...input('completionAction')}
                  label={t('videos:fields.completionAction')}
                  data={(['none', 'nextVideo'] as const).map((a) => ({ value: a, label: t(`videos:completion.${a}`) }))}
                  allowDeselect={false}
                />
                {form.values.completionAction === 'nextVideo' && (
                  <TextInput
                    {...input('nextVideoId')}
                    value={form.values.nextVideoId ?? ''}
                    onChange={(e) => form.setFieldValue('nextVideoId', e.currentTarget.value.trim() || null)}
                    label={t('videos:fields.nextVideoId')}
                    description={t('videos:fields.nextVideoIdHint')}
                    withAsterisk
                  />
                )}
              </Stack>
            </Paper>
          </>
        )}
        {children}
        <Group justify="flex-end">
          <Button type="submit" loading={form.submitting}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

type FieldProps = { form: UseFormReturnType<VideoFormValues>; err: (name: string) => string | undefined };

function ThumbnailField({ form }: { form: UseFormReturnType<VideoFormValues> }) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<string>();
  const [preview, setPreview] = useState<string>();
  // The upload happens only once the crop is confirmed (SPEC §5: 1280x720, confirmed by the operator).
  const upload = async (file: File) => {
    try {
      form.setFieldValue('thumbnailKey', await uploadSmallFile('thumbnail', file));
      setPreview(URL.createObjectURL(file));
      setChosen(undefined);
    } catch (e) {
      toast.error(t('videos:form.fileFailed'), errorMessage(e));
    }
  };
  return (
    <Paper withBorder p="lg" radius="md">
      <Stack>
        <FileInput
          label={t('videos:fields.thumbnail')}
          description={form.values.thumbnailKey ? t('videos:form.thumbnailSet') : t('videos:form.thumbnailHint')}
          accept="image/jpeg,image/png,image/webp"
          value={null}
          onChange={(f) => f && setChosen(URL.createObjectURL(f))}
        />
        {preview && <Image src={preview} alt={t('videos:form.thumbnailPreview')} maw={320} radius="sm" />}
        {form.values.thumbnailKey && (
          <Group>
            <Button
              variant="subtle"
              color="red"
              size="xs"
              onClick={() => {
                form.setFieldValue('thumbnailKey', null);
                setPreview(undefined);
              }}
            >
              {t('videos:form.removeThumbnail')}
            </Button>
          </Group>
        )}
        <ThumbnailCropper src={chosen} onCancel={() => setChosen(undefined)} onConfirm={upload} />
      </Stack>
    </Paper>
  );
}

/** An editable list of two-text rows (chapters: time + title; metadata: key + value). */
function PairListField({
  form,
  err,
  list,
  columns,
  titleKey,
  addKey,
}: FieldProps & {
  list: 'chapters' | 'metadata';
  /** The row's two fields: the first keeps its width (narrow when given), the second takes the rest. */
  columns: [{ name: string; labelKey: string; placeholder?: string; width?: number }, { name: string; labelKey: string }];
  titleKey: string;
  addKey: string;
}) {
  const { t } = useTranslation();
  const [first, second] = columns;
  return (
    <Paper withBorder p="lg" radius="md">
      <Stack>
        <Title order={2} size="h4">
          {t(titleKey)}
        </Title>
        {form.values[list].map((_, i) => (
          <Group key={i} align="flex-start" wrap="nowrap">
            <TextInput
              {...form.getInputProps(`${list}.${i}.${first.name}`)}
              error={err(`${list}.${i}.${first.name}`)}
              label={t(first.labelKey, { n: i + 1 })}
              placeholder={first.placeholder}
              w={first.width}
            />
            <TextInput
              {...form.getInputProps(`${list}.${i}.${second.name}`)}
              error={err(`${list}.${i}.${second.name}`)}
              label={t(second.labelKey, { n: i + 1 })}
              style={{ flex: 1 }}
            />
            <ActionIcon mt={26} variant="subtle" color="red" aria-label={t('videos:form.remove')} onClick={() => form.removeListItem(list, i)}>
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Group>
        ))}
        <Button
          variant="default"
          leftSection={<IconPlus size={14} aria-hidden />}
          // Both lists hold rows of two text fields, empty when added.
          onClick={() => form.insertListItem(list, { [first.name]: '', [second.name]: '' } as VideoFormValues[typeof list][number])}
        >
          {t(addKey)}
        </Button>
      </Stack>
    </Paper>
  );
}

function SubtitlesField({ form, err }: FieldProps) {
  const { t } = useTranslation();
  const [language, setLanguage] = useState('');
  const [busy, setBusy] = useState(false);
  const add = async (file: File | null) => {
    if (!file) return;
    setBusy(true);
    try {
      const key = await uploadSmallFile('subtitle', new File([file], file.name, { type: 'text/vtt' }));
      form.insertListItem('subtitles', { language: language.trim(), key });
      setLanguage('');
    } catch (e) {
      toast.error(t('videos:form.fileFailed'), errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper withBorder p="lg" radius="md">
      <Stack>
        <Title order={2} size="h4">
          {t('videos:fields.subtitles')}
        </Title>
        {form.values.subtitles.map((s, i) => (
          <Group key={s.key} justify="space-between">
            <Text size="sm">{s.language}</Text>
            <ActionIcon variant="subtle" color="red" aria-label={t('videos:form.removeSubtitle', { language: s.language })} onClick={() => form.removeListItem('subtitles', i)}>
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Group>
        ))}
        {err('subtitles') && (
          <Text c="red" size="sm">
            {err('subtitles')}
          </Text>
        )}
        <Group align="flex-end">
          <TextInput label={t('videos:fields.subtitleLanguage')} placeholder="ja" value={language} onChange={(e) => setLanguage(e.currentTarget.value)} w={140} />
          <FileInput
            label={t('videos:fields.subtitleFile')}
            accept=".vtt,text/vtt"
            disabled={busy || !language.trim()}
            value={null}
            onChange={(f) => void add(f)}
            style={{ flex: 1 }}
          />
        </Group>
      </Stack>
    </Paper>
  );
}

function AttachmentsField({ form, err }: FieldProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const add = async (file: File | null) => {
    if (!file) return;
    setBusy(true);
    try {
      form.insertListItem('attachments', { key: await uploadSmallFile('attachment', file), name: file.name });
    } catch (e) {
      toast.error(t('videos:form.fileFailed'), errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper withBorder p="lg" radius="md">
      <Stack>
        <Title order={2} size="h4">
          {t('videos:fields.attachments')}
        </Title>
        {form.values.attachments.map((a, i) => (
          <Group key={a.key} align="flex-start" wrap="nowrap">
            <TextInput
              {...form.getInputProps(`attachments.${i}.name`)}
              error={err(`attachments.${i}.name`)}
              label={t('videos:fields.attachmentName', { n: i + 1 })}
              style={{ flex: 1 }}
            />
            <ActionIcon mt={26} variant="subtle" color="red" aria-label={t('videos:form.remove')} onClick={() => form.removeListItem('attachments', i)}>
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Group>
        ))}
        <FileInput label={t('videos:fields.attachmentFile')} disabled={busy} value={null} onChange={(f) => void add(f)} />
      </Stack>
    </Paper>
  );
}

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

/** SPEC §3 video prices: the team's active prices; members need a purchase of one to watch. */
function PricesField({ form, err }: FieldProps) {
  const { t, i18n } = useTranslation();
  const ready = usePaymentStrings();
  const choices = useVideoPriceChoices();
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
    t('payments:videoPrices.hint', { max: VIDEO_MAX_PRICES })
  );
  return (
    <MultiSelect
      {...form.getInputProps('priceIds')}
      error={err('priceIds')}
      label={t('payments:videoPrices.label')}
      description={hint}
      data={data}
      disabled={!!choices.error || !choices.data}
      maxValues={VIDEO_MAX_PRICES}
      clearable
      searchable
    />
  );
}
