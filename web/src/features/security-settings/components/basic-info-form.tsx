import { ActionIcon, Button, Group, Paper, Select, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import {
  BASIC_DESCRIPTION_MAX_LENGTH,
  basicInfoInput,
  defaultSortKeys,
  SITE_LINKS_MAX,
  socialKinds,
  type BasicInfo,
  type BasicInfoAnswer,
} from '../../../../../shared/api/calls/basic-info';
import { useTranslation } from '../../../lib/i18n';
import { useVersionedForm } from '../../../lib/use-versioned-form';
import { ImageUploadField } from '../../../components/image-upload-field';
import { saveBasicInfo, uploadSiteImage } from '../basic-info-api';
import { FormActions } from '../../../components/admin-page/form-actions';

/** A labelled group of fields (Mantine's Fieldset styles are not in the app's style set). */
function FieldGroup({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" role="group" aria-label={legend}>
      <Text fw={500} size="sm" mb="xs">
        {legend}
      </Text>
      {children}
    </Paper>
  );
}

const textFields = ['siteName', 'companyName', 'phone', 'domain', 'senderEmail', 'analyticsTagId', 'tagManagerId'] as const;

/** Rows of fields, each with its remove button, then the add button (at most SITE_LINKS_MAX rows). */
function EditableRows(props: {
  count: number;
  emptyText: string;
  addLabel: string;
  onAdd: () => void;
  removeLabel: (i: number) => string;
  onRemove: (i: number) => void;
  row: (i: number) => ReactNode;
}) {
  return (
    <Stack gap="xs">
      {props.count === 0 && <Text size="sm">{props.emptyText}</Text>}
      {Array.from({ length: props.count }, (_, i) => (
        <Group key={i} align="flex-start" wrap="nowrap">
          {props.row(i)}
          <ActionIcon mt={28} variant="default" aria-label={props.removeLabel(i)} onClick={() => props.onRemove(i)}>
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Group>
      ))}
      <Group>
        <Button variant="default" size="xs" leftSection={<IconPlus size={14} aria-hidden />} disabled={props.count >= SITE_LINKS_MAX} onClick={props.onAdd}>
          {props.addLabel}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * SPEC §2 general_setting/basic_info: who runs the site and how it presents itself (SPEC §3 site settings), checked
 * with the server's own schema; the analytics ids by their shape (G-XXXX, GTM-XXXX).
 */
export function BasicInfoForm({ current }: { current: BasicInfoAnswer }) {
  const { t } = useTranslation('basicinfo');
  const { form, fieldError, submit } = useVersionedForm<BasicInfo>({
    initialValues: current.basicInfo,
    schema: basicInfoInput,
    version: current.version,
    save: saveBasicInfo,
    savedMessage: t('saved'),
  });

  return (
    <form onSubmit={submit} noValidate aria-labelledby="basic-info-title">
      <Stack gap="md" maw={760}>
        <Title order={2} size="h3" id="basic-info-title">
          {t('title')}
        </Title>
        {textFields.slice(0, 3).map((field) => (
          <TextInput key={field} label={t(`fields.${field}`)} required {...form.getInputProps(field)} error={fieldError(field)} />
        ))}
        <Textarea
          label={t('fields.description')}
          autosize
          minRows={2}
          maxLength={BASIC_DESCRIPTION_MAX_LENGTH}
          {...form.getInputProps('description')}
          error={fieldError('description')}
        />
        {textFields.slice(3).map((field) => (
          <TextInput key={field} label={t(`fields.${field}`)} description={t(`hints.${field}`)} {...form.getInputProps(field)} error={fieldError(field)} />
        ))}

        <FieldGroup legend={t('fields.images')}>
          <Stack gap="xs">
            {(['logoKey', 'faviconKey'] as const).map((field) => (
              <ImageUploadField
                key={field}
                label={t(`fields.${field}`)}
                value={form.values[field]}
                onChange={(key) => form.setFieldValue(field, key)}
                upload={uploadSiteImage}
                error={fieldError(field)}
              />
            ))}
          </Stack>
        </FieldGroup>

        <FieldGroup legend={t('fields.defaultSort')}>
          <Text size="sm" c="dimmed">
            {t('hints.defaultSort')}
          </Text>
          <Group grow>
            <Select
              label={t('fields.sortOrder')}
              data={defaultSortKeys.map((k) => ({ value: k, label: t(`sorts.${k}`) }))}
              allowDeselect={false}
              {...form.getInputProps('defaultSort.order')}
            />
            <Select
              label={t('fields.sortDirection')}
              data={(['desc', 'asc'] as const).map((k) => ({ value: k, label: t(`directions.${k}`) }))}
              allowDeselect={false}
              {...form.getInputProps('defaultSort.direction')}
            />
          </Group>
        </FieldGroup>

        <FieldGroup legend={t('fields.footerLinks')}>
          <EditableRows
            count={form.values.footerLinks.length}
            emptyText={t('noLinks')}
            addLabel={t('addFooterLink')}
            onAdd={() => form.insertListItem('footerLinks', { label: '', url: '' })}
            removeLabel={(i) => t('removeLink', { n: i + 1 })}
            onRemove={(i) => form.removeListItem('footerLinks', i)}
            row={(i) => (
              <>
                <TextInput label={t('fields.linkLabel', { n: i + 1 })} {...form.getInputProps(`footerLinks.${i}.label`)} error={fieldError(`footerLinks.${i}.label`)} />
                <TextInput label={t('fields.linkUrl', { n: i + 1 })} style={{ flex: 1 }} {...form.getInputProps(`footerLinks.${i}.url`)} error={fieldError(`footerLinks.${i}.url`)} />
              </>
            )}
          />
        </FieldGroup>

        <FieldGroup legend={t('fields.socialLinks')}>
          <EditableRows
            count={form.values.socialLinks.length}
            emptyText={t('noLinks')}
            addLabel={t('addSocialLink')}
            onAdd={() => form.insertListItem('socialLinks', { kind: 'x', url: '' })}
            removeLabel={(i) => t('removeSocial', { n: i + 1 })}
            onRemove={(i) => form.removeListItem('socialLinks', i)}
            row={(i) => (
              <>
                <Select
                  label={t('fields.socialKind', { n: i + 1 })}
                  data={socialKinds.map((k) => ({ value: k, label: t(`common:siteFooter.social.${k}`) }))}
                  allowDeselect={false}
                  {...form.getInputProps(`socialLinks.${i}.kind`)}
                />
                <TextInput label={t('fields.linkUrl', { n: i + 1 })} style={{ flex: 1 }} {...form.getInputProps(`socialLinks.${i}.url`)} error={fieldError(`socialLinks.${i}.url`)} />
              </>
            )}
          />
        </FieldGroup>

        <FormActions submitLabel={t('submit')} submitting={form.submitting} />
      </Stack>
    </form>
  );
}
