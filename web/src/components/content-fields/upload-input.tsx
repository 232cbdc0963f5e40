import { FileInput, type FileInputProps } from '@mantine/core';
import { useState } from 'react';
import { errorMessage, useTranslation } from '../../lib/i18n';
import { toast } from '../../lib/toast';

type UploadInputProps = Omit<FileInputProps, 'value' | 'onChange' | 'multiple' | 'defaultValue'> & {
  /** Uploads the chosen file and puts it into the form; a failure is toasted with its reason. */
  onUpload(file: File): Promise<void>;
};

/**
 * A file input of a content form that uploads the chosen file at once: it stays empty (the file shows in its
 * field once uploaded) and is disabled while the upload runs, so a second file is not chosen meanwhile.
 */
export function UploadInput({ onUpload, disabled, ...props }: UploadInputProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const upload = async (file: File | null) => {
    if (!file) return;
    setBusy(true);
    try {
      await onUpload(file);
    } catch (e) {
      toast.error(t('contentfields:form.fileFailed'), errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  return <FileInput {...props} disabled={busy || disabled} value={null} onChange={(f) => void upload(f)} />;
}
