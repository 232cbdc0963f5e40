import { FileInput, MultiSelect, Paper, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { LoadError } from '../load-error';
import { formatBytes } from '../../lib/format';
import { errorMessage, useTranslation } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { addLibraryFile, LIBRARY_CHOICES_KEY, useLibraryFileChoices } from './api';

/**
 * The files a content attaches, chosen from the team's file library (SPEC §2 /admin/filelist); a new file can be
 * uploaded into the library from here and is attached at once.
 */
export function LibraryFilesField({ value, onChange, error }: { value: string[]; onChange: (ids: string[]) => void; error?: string }) {
  const { t } = useTranslation();
  const files = useLibraryFileChoices();
  const { mutate } = useSWRConfig();
  const [busy, setBusy] = useState(false);
  const data = (files.data?.items ?? []).map((f) => ({ value: f.id, label: `${f.name} (${formatBytes(f.sizeBytes)})` }));
  // Attached files older than the newest 100 stay visible by their id so they can be removed.
  const known = new Set(data.map((d) => d.value));
  const add = async (file: File | null) => {
    if (!file) return;
    setBusy(true);
    try {
      const created = await addLibraryFile(file);
      await mutate((key) => Array.isArray(key) && key[0] === LIBRARY_CHOICES_KEY);
      onChange([...value, created.id]);
      toast.success(t('contentfields:form.fileUploaded', { name: created.name }));
    } catch (e) {
      toast.error(t('contentfields:form.fileFailed'), errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper withBorder p="lg" radius="md">
      <Stack>
        <Title order={2} size="h4">
          {t('contentfields:fields.files')}
        </Title>
        {files.error ? (
          <LoadError title={t('contentfields:form.filesError')} error={files.error} onRetry={() => void files.mutate()} />
        ) : (
          <MultiSelect
            label={t('contentfields:fields.files')}
            description={t('contentfields:fields.filesHint')}
            data={[...data, ...value.filter((id) => !known.has(id)).map((id) => ({ value: id, label: id }))]}
            value={value}
            onChange={onChange}
            error={error}
            clearable
            searchable
          />
        )}
        <FileInput label={t('contentfields:form.uploadFile')} disabled={busy} value={null} onChange={(f) => void add(f)} />
      </Stack>
    </Paper>
  );
}
