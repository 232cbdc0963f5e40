import { Box, Button, Group, Modal, Slider, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import { useTranslation } from '../../lib/i18n';
import type { AsyncAction } from '../../lib/async-action';

/** SPEC §5 thumbnail: 1280x720 (16:9). */
export const THUMBNAIL_WIDTH = 1280;
export const THUMBNAIL_HEIGHT = 720;

/** Draws the chosen area of the image at exactly 1280x720 as a JPEG. */
async function cropToThumbnail(src: string, area: Area): Promise<File> {
  const image = new Image();
  image.src = src;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = THUMBNAIL_WIDTH;
  canvas.height = THUMBNAIL_HEIGHT;
  canvas.getContext('2d')!.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, THUMBNAIL_WIDTH, THUMBNAIL_HEIGHT);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.9));
  if (!blob) throw new Error('crop failed');
  return new File([blob], 'thumbnail.jpg', { type: 'image/jpeg' });
}

interface ThumbnailCropperProps {
  /** Object URL of the chosen image; the dialog is open while set. */
  src: string | undefined;
  onCancel: () => void;
  /** The cropped 1280x720 image, only after the operator confirmed the crop. */
  onConfirm: AsyncAction<[file: File]>;
}

export function ThumbnailCropper({ src, onCancel, onConfirm }: ThumbnailCropperProps) {
  const { t } = useTranslation();
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area>();
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    if (!src || !area) return;
    setBusy(true);
    try {
      await onConfirm(await cropToThumbnail(src, area));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={!!src} onClose={onCancel} title={t('contentfields:crop.title')} size="lg">
      <Stack>
        <Text size="sm">{t('contentfields:crop.hint')}</Text>
        <Box pos="relative" h={320} bg="dark.7">
          {src && (
            <Cropper
              image={src}
              crop={crop}
              zoom={zoom}
              aspect={THUMBNAIL_WIDTH / THUMBNAIL_HEIGHT}
              onCropChange={setCrop}
              onZoomChange={setZoom}
              onCropComplete={(_, pixels) => setArea(pixels)}
            />
          )}
        </Box>
        <Text size="sm" id="crop-zoom-label">
          {t('contentfields:crop.zoom')}
        </Text>
        <Slider aria-labelledby="crop-zoom-label" min={1} max={3} step={0.05} value={zoom} onChange={setZoom} label={null} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('contentfields:crop.cancel')}
          </Button>
          <Button loading={busy} disabled={!area} onClick={() => void confirm()}>
            {t('contentfields:crop.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
