import { Button, FileInput, Group, Loader, Radio, Stack, Text } from '@mantine/core';
import { IconFileTypePdf, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { pdfAccessScopes, type PdfAccessScope } from '../../../../../shared/api/calls/pdfs';
import { uploadSmallFile } from '../../../components/content-fields/api';
import { errorMessage, useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import type { FieldsEditorProps } from '../content-types';
import type { PdfFormFields } from './pdf';
import { FormSection } from '../../../components/admin-page/form-section';

/**
 * SPEC §3 PDF fields: the PDF and an optional sample, each uploaded at once (kind `pdf`) and counted by the server
 * when the form is saved, and the access scope. A private PDF cannot be public: said here as soon as both are chosen,
 * and refused by the server on `fields.accessScope` whatever the browser sends.
 */
export default function PdfEditor({ form, error }: FieldsEditorProps<PdfFormFields>) {
  const { t } = useTranslation();
  const fields = form.values.fields;
  const scopeConflict = form.values.isPublic && fields.accessScope === 'private' ? errorMessage('validation/private_pdf_public') : undefined;
  return (
    <FormSection title={t('pdfs:editor.title')}>
      <PdfUpload
        label={t('pdfs:editor.file')}
        description={t('pdfs:editor.fileHint')}
        fileKey={fields.fileKey || null}
        pageCount={fields.pageCount}
        error={error('fileKey')}
        required
        onUploaded={(key) => {
          form.setFieldValue('fields.fileKey', key);
          form.setFieldValue('fields.pageCount', undefined);
        }}
      />
      <PdfUpload
        label={t('pdfs:editor.sample')}
        description={t('pdfs:editor.sampleHint')}
        fileKey={fields.sampleKey}
        pageCount={fields.samplePageCount}
        error={error('sampleKey')}
        onUploaded={(key) => {
          form.setFieldValue('fields.sampleKey', key);
          form.setFieldValue('fields.samplePageCount', undefined);
        }}
        onRemove={() => {
          form.setFieldValue('fields.sampleKey', null);
          form.setFieldValue('fields.samplePageCount', undefined);
        }}
        removeLabel={t('pdfs:editor.removeSample')}
      />
      <Radio.Group
        label={t('pdfs:editor.accessScope')}
        value={fields.accessScope}
        onChange={(v) => form.setFieldValue('fields.accessScope', v as PdfAccessScope)}
        error={error('accessScope') ?? scopeConflict}
      >
        <Stack gap="sm" mt="xs">
          {pdfAccessScopes.map((scope) => (
            <Radio key={scope} value={scope} label={t(`pdfs:scope.${scope}.label`)} description={t(`pdfs:scope.${scope}.description`)} />
          ))}
        </Stack>
      </Radio.Group>
    </FormSection>
  );
}

interface PdfUploadProps {
  label: string;
  description: string;
  fileKey: string | null;
  /** The saved file's pages (unknown for a file chosen since the last save). */
  pageCount: number | undefined;
  error: string | undefined;
  required?: boolean;
  onUploaded: (key: string) => void;
  onRemove?: () => void;
  removeLabel?: string;
}

/** One PDF upload: the chosen file's name while and after it uploads, or the saved file's page count. */
function PdfUpload({ label, description, fileKey, pageCount, error, required, onUploaded, onRemove, removeLabel }: PdfUploadProps) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<File | null>(null);
  const [uploading, setUploading] = useState(false);
  const upload = async (file: File | null) => {
    if (!file) return;
    setChosen(file);
    setUploading(true);
    try {
      onUploaded(await uploadSmallFile('pdf', file));
    } catch (e) {
      setChosen(null);
      toast.error(t('contentfields:form.fileFailed'), errorMessage(e));
    } finally {
      setUploading(false);
    }
  };
  const status = uploading
    ? t('pdfs:editor.uploading', { name: chosen?.name ?? '' })
    : chosen && fileKey
      ? t('pdfs:editor.uploaded', { name: chosen.name })
      : fileKey && pageCount
        ? t('pdfs:editor.saved', { count: pageCount })
        : undefined;
  return (
    <Stack gap={6}>
      <FileInput
        label={label}
        description={description}
        withAsterisk={required}
        accept="application/pdf,.pdf"
        placeholder={t('pdfs:editor.choose')}
        leftSection={<IconFileTypePdf size={18} aria-hidden />}
        rightSection={uploading ? <Loader size="xs" /> : undefined}
        value={chosen}
        onChange={(file) => void upload(file)}
        disabled={uploading}
        clearable={false}
        error={error}
      />
      {(status || (onRemove && fileKey)) && (
        <Group gap="sm" justify="space-between" wrap="nowrap">
          {status && (
            <Text size="sm" c={uploading ? 'dimmed' : undefined} role="status">
              {status}
            </Text>
          )}
          {onRemove && fileKey && !uploading && (
            <Button
              variant="subtle"
              color="red"
              size="xs"
              leftSection={<IconTrash size={14} aria-hidden />}
              onClick={() => {
                setChosen(null);
                onRemove();
              }}
            >
              {removeLabel}
            </Button>
          )}
        </Group>
      )}
    </Stack>
  );
}
