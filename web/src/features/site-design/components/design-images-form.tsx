import { Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { designPageKinds, type DesignAnswer, type DesignPageImages } from '../../../../../shared/api/calls/site-design';
import { ApiError } from '../../../lib/api-error';
import { errorMessage, useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { saveDesignImages, uploadDesignImage } from '../api';
import { ImageUploadField } from '../../../components/image-upload-field';

/** SPEC §2 site_customize/image: the images of the login, invite and catalog top pages. */
export function DesignImagesForm({ current }: { current: DesignAnswer }) {
  const { t } = useTranslation('design');
  const [images, setImages] = useState<DesignPageImages>(current.design.pageImages);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const save = async () => {
    setSaving(true);
    try {
      await saveDesignImages({ version: current.version, pageImages: images });
      toast.success(t('saved'));
    } catch (error) {
      if (error instanceof ApiError) setErrors(error.fields);
      toast.error(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Stack gap="md" maw={640}>
      <Text size="sm">{t('image.help')}</Text>
      {designPageKinds.map((kind) => (
        <ImageUploadField upload={uploadDesignImage}
          key={kind}
          label={t(`image.kinds.${kind}`)}
          value={images[kind]}
          onChange={(key) => setImages((v) => ({ ...v, [kind]: key }))}
          error={errors[`pageImages.${kind}`] ? errorMessage(errors[`pageImages.${kind}`]) : undefined}
        />
      ))}
      <Group>
        <Button onClick={() => void save()} loading={saving}>
          {t('save')}
        </Button>
      </Group>
    </Stack>
  );
}
