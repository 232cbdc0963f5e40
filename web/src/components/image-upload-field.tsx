import { Button, FileButton, Group, Text } from '@mantine/core';
import { IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage, useTranslation } from '../lib/i18n';
import { toast } from '../lib/toast';

interface ImageUploadFieldProps {
  label: string;
  /** The stored key, null = none. */
  value: string | null;
  onChange: (key: string | null) => void;
  /** Uploads the chosen file and answers its key (the feature's own upload call). */
  upload(file: File): Promise<string>;
  error?: string;
}

/** One image setting: upload (JPEG, PNG or WebP) or remove; the key is saved with the surrounding form. */
export function ImageUploadField({ label, value, onChange, upload, error }: ImageUploadFieldProps) {
  const { t } = useTranslation();
  const [uploading, setUploading] = useState(false);
  const choose = async (file: File | null) => {
    if (!file) return;
    setUploading(true);
    try {
      onChange(await upload(file));
    } catch (e) {
      toast.error(errorMessage(e));
    } finally {
      setUploading(false);
    }
  };
  return (
    <Group gap="sm" role="group" aria-label={label}>
      <Text size="sm" fw={500} miw={160}>
        {label}
      </Text>
      <Text size="sm" c={value ? undefined : 'dimmed'}>
        {value ? t('imageField.set') : t('imageField.none')}
      </Text>
      <FileButton onChange={(f) => void choose(f)} accept="image/jpeg,image/png,image/webp">
        {(props) => (
          <Button {...props} variant="default" size="xs" loading={uploading} leftSection={<IconPhotoUp size={14} aria-hidden />} aria-label={t('imageField.upload', { name: label })}>
            {t('imageField.choose')}
          </Button>
        )}
      </FileButton>
      {value && (
        <Button variant="subtle" color="red" size="xs" leftSection={<IconTrash size={14} aria-hidden />} onClick={() => onChange(null)} aria-label={t('imageField.remove', { name: label })}>
          {t('imageField.removeShort')}
        </Button>
      )}
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
    </Group>
  );
}
