import { Button, FileInput, Group, Image, Paper, Stack } from '@mantine/core';
import { useState } from 'react';
import { errorMessage, useTranslation } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { uploadSmallFile } from './api';
import type { CommonForm } from './form-access';
import { ThumbnailCropper } from './thumbnail-cropper';

/** SPEC §5 thumbnail of any content: cropped to 1280x720 and uploaded only once the crop is confirmed. */
export function ThumbnailField({ form }: { form: CommonForm }) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<string>();
  const [preview, setPreview] = useState<string>();
  const upload = async (file: File) => {
    try {
      form.setFieldValue('thumbnailKey', await uploadSmallFile('thumbnail', file));
      setPreview(URL.createObjectURL(file));
      setChosen(undefined);
    } catch (e) {
      toast.error(t('contentfields:form.fileFailed'), errorMessage(e));
    }
  };
  return (
    <Paper withBorder p="lg" radius="md">
      <Stack>
        <FileInput
          label={t('contentfields:fields.thumbnail')}
          description={form.values.thumbnailKey ? t('contentfields:form.thumbnailSet') : t('contentfields:form.thumbnailHint')}
          accept="image/jpeg,image/png,image/webp"
          value={null}
          onChange={(f) => f && setChosen(URL.createObjectURL(f))}
        />
        {preview && <Image src={preview} alt={t('contentfields:form.thumbnailPreview')} maw={320} radius="sm" />}
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
              {t('contentfields:form.removeThumbnail')}
            </Button>
          </Group>
        )}
        <ThumbnailCropper src={chosen} onCancel={() => setChosen(undefined)} onConfirm={upload} />
      </Stack>
    </Paper>
  );
}
