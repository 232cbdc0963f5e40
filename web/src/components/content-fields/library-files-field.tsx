import { MultiSelect } from '@mantine/core';
import { useSWRConfig } from 'swr';
import { LoadError } from '../load-error';
import { formatBytes } from '../../lib/format';
import { useTranslation } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { addLibraryFile, LIBRARY_CHOICES_KEY, useLibraryFileChoices } from './api';
import { inputOf, type CommonForm } from './form-access';
import { UploadInput } from './upload-input';
import { FormSection } from '../admin-page/form-section';
import { namedPills } from '../named-pills';

/**
 * The files a content attaches, chosen from the team's file library (SPEC §2 /admin/filelist); a new file can be
 * uploaded into the library from here and is attached at once.
 */
export function LibraryFilesField({ form }: { form: CommonForm }) {
  const { t } = useTranslation();
  const files = useLibraryFileChoices();
  const { mutate } = useSWRConfig();
  const value = form.values.fileIds;
  const data = (files.data?.items ?? []).map((f) => ({ value: f.id, label: `${f.name} (${formatBytes(f.sizeBytes)})` }));
  // Attached files older than the newest 100 stay visible by their id so they can be removed.
  const known = new Set(data.map((d) => d.value));
  return (
    <FormSection title={t('contentfields:fields.files')}>
      {files.error ? (
        <LoadError title={t('contentfields:form.filesError')} error={files.error} onRetry={() => void files.mutate()} />
      ) : (
        <MultiSelect
          renderPill={namedPills((title) => t('common:itemPicker.remove', { title }))}
          {...inputOf(form, 'fileIds')}
          label={t('contentfields:fields.files')}
          description={t('contentfields:fields.filesHint')}
          data={[...data, ...value.filter((id) => !known.has(id)).map((id) => ({ value: id, label: id }))]}
          clearable
          searchable
        />
      )}
      <UploadInput
        label={t('contentfields:form.uploadFile')}
        onUpload={async (file) => {
          const created = await addLibraryFile(file);
          await mutate((key) => Array.isArray(key) && key[0] === LIBRARY_CHOICES_KEY);
          form.setFieldValue('fileIds', [...form.getValues().fileIds, created.id]);
          toast.success(t('contentfields:form.fileUploaded', { name: created.name }));
        }}
      />
    </FormSection>
  );
}
