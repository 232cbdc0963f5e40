import { Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { designPageKinds, type DesignAnswer, type DesignPageImages, type DesignPageKind } from '../../../../../shared/api/calls/site-design';
import { ApiError } from '../../../lib/api-error';
import { errorMessage, useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { saveDesignImages, uploadDesignImage } from '../api';
import { FormSection } from '../../../components/admin-page/form-section';
import { ImageUploadField } from '../../../components/image-upload-field';

const groups = ['signIn', 'joining', 'site'] as const;
/** The page kinds as the designer finds them: signing in, joining, then the member site and the catalog (every kind has one). */
const groupOf: Record<DesignPageKind, (typeof groups)[number]> = {
  login: 'signIn',
  resetPassword: 'signIn',
  twoFactor: 'signIn',
  emailVerification: 'signIn',
  invite: 'joining',
  unapproved: 'joining',
  enquete: 'joining',
  memberTop: 'site',
  catalogTop: 'site',
  entry: 'site',
};
const kindGroups = groups.map((key) => ({ key, kinds: designPageKinds.filter((kind) => groupOf[kind] === key) }));

/** SPEC §2 site_customize/image: the image of each page kind (shared designPageKinds), each with where it shows. */
export function DesignImagesForm({ current }: { current: DesignAnswer }) {
  const { t } = useTranslation('design');
  const [images, setImages] = useState<DesignPageImages>(current.design.pageImages);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const save = async () => {
    setSaving(true);
    try {
      await saveDesignImages({ version: current.version, pageImages: images });
      setErrors({});
      toast.success(t('saved'));
    } catch (error) {
      if (error instanceof ApiError) setErrors(error.fields);
      toast.error(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Stack gap="md" maw={720}>
      <Text size="sm">{t('image.help')}</Text>
      {kindGroups.map((group) => (
        <FormSection key={group.key} title={t(`image.groups.${group.key}`)}>
          {group.kinds.map((kind) => (
            <Stack key={kind} gap={4}>
              <ImageUploadField
                upload={uploadDesignImage}
                label={t(`image.kinds.${kind}`)}
                value={images[kind]}
                onChange={(key) => setImages((v) => ({ ...v, [kind]: key }))}
                error={errors[`pageImages.${kind}`] ? errorMessage(errors[`pageImages.${kind}`]) : undefined}
              />
              <Text size="xs" c="dimmed">
                {t(`image.hints.${kind}`)}
              </Text>
            </Stack>
          ))}
        </FormSection>
      ))}
      <Group>
        <Button onClick={() => void save()} loading={saving}>
          {t('save')}
        </Button>
      </Group>
    </Stack>
  );
}
