import { ActionIcon, Anchor, Button, FileButton, Group, Paper, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { designLandingInput, LP_OVERVIEW_MAX_LENGTH, LP_TOP_IMAGES_MAX, type DesignAnswer } from '../../../../../shared/api/calls/site-design';
import { errorMessage, useTranslation } from '../../../lib/i18n';
import { useVersionedForm } from '../../../lib/use-versioned-form';
import { getTeamSession } from '../../../lib/team-session';
import { toast } from '../../../lib/toast';
import { introVideoSource, saveDesignLanding, uploadDesignImage } from '../api';
import { SingleItemPicker } from '../../../components/item-picker';
import { ImageUploadField } from '../../../components/image-upload-field';
import { FormActions } from '../../../components/admin-page/form-actions';

interface Values {
  overview: string;
  introVideoId: string | null;
  bannerKey: string | null;
  topImages: { key: string; linkUrl: string }[];
}

/** SPEC §2 site_customize/lp: the landing page's overview and intro video (/lp/:teamId shows them while public access is on). */
export function DesignLandingForm({ current }: { current: DesignAnswer }) {
  const { t } = useTranslation('design');
  const teamId = getTeamSession()?.operatedTeamId ?? '';
  const { form, fieldError, submit } = useVersionedForm<Values>({
    initialValues: {
      overview: current.design.overview,
      introVideoId: current.design.introVideoId,
      bannerKey: current.design.bannerKey,
      topImages: current.design.topImages,
    },
    schema: designLandingInput,
    version: current.version,
    save: saveDesignLanding,
    savedMessage: t('saved'),
  });
  const videoSource = useMemo(() => introVideoSource((v) => (v.isPublic ? v.title : t('lp.privateVideo', { title: v.title }))), [t]);
  const [adding, setAdding] = useState(false);
  const addTopImage = async (file: File | null) => {
    if (!file) return;
    setAdding(true);
    try {
      form.insertListItem('topImages', { key: await uploadDesignImage(file), linkUrl: '' });
    } catch (e) {
      toast.error(errorMessage(e));
    } finally {
      setAdding(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md" maw={640}>
        <Text size="sm">
          {t('lp.help')}{' '}
          <Anchor component={Link} to={`/lp/${encodeURIComponent(teamId)}`} target="_blank">
            {t('lp.open')}
          </Anchor>
        </Text>
        <Textarea label={t('lp.overview')} autosize minRows={4} maxLength={LP_OVERVIEW_MAX_LENGTH} {...form.getInputProps('overview')} error={fieldError('overview')} />
        <SingleItemPicker
          source={videoSource}
          label={t('lp.introVideo')}
          description={t('lp.introVideoHelp')}
          value={form.values.introVideoId}
          onChange={(id) => form.setFieldValue('introVideoId', id)}
          error={fieldError('introVideoId')}
        />
        <ImageUploadField upload={uploadDesignImage} label={t('lp.banner')} value={form.values.bannerKey} onChange={(key) => form.setFieldValue('bannerKey', key)} error={fieldError('bannerKey')} />
        <Paper withBorder p="md" role="group" aria-label={t('lp.topImages')}>
          <Stack gap="xs">
            <Text fw={500} size="sm">
              {t('lp.topImages')}
            </Text>
            {form.values.topImages.length === 0 && <Text size="sm">{t('imageField.none')}</Text>}
            {form.values.topImages.map((_, i) => (
              <Group key={form.values.topImages[i]!.key} align="flex-end" wrap="nowrap">
                <TextInput
                  label={t('lp.topImageLink', { n: i + 1 })}
                  placeholder="https://"
                  style={{ flex: 1 }}
                  {...form.getInputProps(`topImages.${i}.linkUrl`)}
                  error={fieldError(`topImages.${i}.linkUrl`) ?? fieldError(`topImages.${i}.key`)}
                />
                <ActionIcon variant="default" size="lg" aria-label={t('order.up', { item: t('lp.topImageN', { n: i + 1 }) })} disabled={i === 0} onClick={() => form.reorderListItem('topImages', { from: i, to: i - 1 })}>
                  <IconArrowUp size={16} aria-hidden />
                </ActionIcon>
                <ActionIcon
                  variant="default"
                  size="lg"
                  aria-label={t('order.down', { item: t('lp.topImageN', { n: i + 1 }) })}
                  disabled={i === form.values.topImages.length - 1}
                  onClick={() => form.reorderListItem('topImages', { from: i, to: i + 1 })}
                >
                  <IconArrowDown size={16} aria-hidden />
                </ActionIcon>
                <ActionIcon variant="default" size="lg" aria-label={t('image.remove', { name: t('lp.topImageN', { n: i + 1 }) })} onClick={() => form.removeListItem('topImages', i)}>
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              </Group>
            ))}
            <Group>
              <FileButton onChange={(f) => void addTopImage(f)} accept="image/jpeg,image/png,image/webp" disabled={form.values.topImages.length >= LP_TOP_IMAGES_MAX}>
                {(props) => (
                  <Button {...props} variant="default" size="xs" loading={adding} leftSection={<IconPlus size={14} aria-hidden />}>
                    {t('lp.addTopImage')}
                  </Button>
                )}
              </FileButton>
            </Group>
          </Stack>
        </Paper>
        <FormActions submitLabel={t('save')} submitting={form.submitting} />
      </Stack>
    </form>
  );
}
