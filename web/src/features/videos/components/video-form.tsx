import { ActionIcon, Button, Checkbox, Group, Select, Switch, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { completionActions, VIDEO_MAX_PRICES } from '../../../../../shared/api/calls/videos';
import { errorMessage, useTranslation } from '../../../lib/i18n';
import { uploadSmallFile } from '../../../components/content-fields/api';
import { ContentFormFrame, MainFields } from '../../../components/content-fields/content-form-parts';
import { commonForm } from '../../../components/content-fields/form-access';
import { LibraryFilesField } from '../../../components/content-fields/library-files-field';
import { PricesField } from '../../../components/content-fields/prices-field';
import { PublicationFields } from '../../../components/content-fields/publication-fields';
import { ThumbnailField } from '../../../components/content-fields/thumbnail-field';
import { UploadInput } from '../../../components/content-fields/upload-input';
import type { VideoFormValues } from '../form-values';
import { videoPickerSource } from '../api';
import { surveyPickerSource, testPickerSource } from '../../../lib/item-source';
import { SingleItemPicker } from '../../../components/item-picker';
import { FormSection } from '../../../components/admin-page/form-section';
import { SuggestedDateInput } from '../../../components/suggested-date-input';

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
  const common = commonForm(form);
  const err = (name: string) => {
    const c = form.errors[name];
    return typeof c === 'string' ? errorMessage(c) : undefined;
  };
  const input = (name: string) => ({ ...form.getInputProps(name), error: err(name) });

  return (
    <ContentFormFrame form={common} submitLabel={submitLabel} onSubmit={onSubmit} maw={760}>
      <MainFields form={common} titleLabel={t('videos:fields.title')} />

      <FormSection title={t('videos:form.publication')}>
        <PublicationFields form={common} audience={full} />
        <Checkbox {...form.getInputProps('forcedPlayback', { type: 'checkbox' })} label={t('videos:fields.forcedPlayback')} />
        <Checkbox {...form.getInputProps('disableSeek', { type: 'checkbox' })} label={t('videos:fields.disableSeek')} />
        {full && (
          <>
            <Group grow>
              <SuggestedDateInput {...input('playableStart')} kind="datetime" label={t('videos:fields.playableStart')} />
              <SuggestedDateInput {...input('playableEnd')} kind="datetime" label={t('videos:fields.playableEnd')} />
            </Group>
            <Checkbox {...form.getInputProps('realtimePremiere', { type: 'checkbox' })} label={t('videos:fields.realtimePremiere')} />
            <PricesField form={common} max={VIDEO_MAX_PRICES} />
          </>
        )}
      </FormSection>

      {full && (
        <>
          <ThumbnailField form={common} />
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
          <LibraryFilesField form={common} />
          <FormSection title={t('videos:form.ending')}>
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
              data={completionActions.map((a) => ({ value: a, label: t(`videos:completion.${a}`) }))}
              allowDeselect={false}
            />
            {form.values.completionAction === 'nextVideo' && (
              <SingleItemPicker
                source={videoPickerSource}
                value={form.values.nextVideoId ?? null}
                onChange={(id) => form.setFieldValue('nextVideoId', id)}
                error={err('nextVideoId')}
                label={t('videos:fields.nextVideoId')}
                description={t('videos:fields.nextVideoIdHint')}
                withAsterisk
              />
            )}
            {form.values.completionAction === 'survey' && (
              <SingleItemPicker
                source={surveyPickerSource}
                value={form.values.enqueteId ?? null}
                onChange={(id) => form.setFieldValue('enqueteId', id)}
                error={err('enqueteId')}
                label={t('videos:fields.enqueteId')}
                description={t('videos:fields.enqueteIdHint')}
                withAsterisk
              />
            )}
            {form.values.completionAction === 'test' && (
              <SingleItemPicker
                source={testPickerSource}
                value={form.values.testId ?? null}
                onChange={(id) => form.setFieldValue('testId', id)}
                error={err('testId')}
                label={t('videos:fields.testId')}
                description={t('videos:fields.testIdHint')}
                withAsterisk
              />
            )}
          </FormSection>
        </>
      )}
      {children}
    </ContentFormFrame>
  );
}

type FieldProps = { form: UseFormReturnType<VideoFormValues>; err: (name: string) => string | undefined };

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
    <FormSection title={t(titleKey)}>
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
    </FormSection>
  );
}

function SubtitlesField({ form, err }: FieldProps) {
  const { t } = useTranslation();
  const [language, setLanguage] = useState('');
  return (
    <FormSection title={t('videos:fields.subtitles')}>
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
        <UploadInput
          label={t('videos:fields.subtitleFile')}
          accept=".vtt,text/vtt"
          disabled={!language.trim()}
          onUpload={async (file) => {
            const key = await uploadSmallFile('subtitle', new File([file], file.name, { type: 'text/vtt' }));
            form.insertListItem('subtitles', { language: language.trim(), key });
            setLanguage('');
          }}
          style={{ flex: 1 }}
        />
      </Group>
    </FormSection>
  );
}

function AttachmentsField({ form, err }: FieldProps) {
  const { t } = useTranslation();
  return (
    <FormSection title={t('videos:fields.attachments')}>
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
      <UploadInput
        label={t('videos:fields.attachmentFile')}
        onUpload={async (file) => form.insertListItem('attachments', { key: await uploadSmallFile('attachment', file), name: file.name })}
      />
    </FormSection>
  );
}
