import { Alert, Button, FileInput, Group, Progress, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { videoFileTypes } from '../../../../../shared/api/calls/uploads';
import { formatBytes } from '../../../lib/format';
import { errorMessage, useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { videoUploadCalls } from '../api';
import { fetchPutPart, isAcceptedVideo, uploadVideo, UploadCancelledError, type UploadTarget } from '../upload-video';
import type { AsyncAction } from '../../../lib/async-action';
import { FormSection } from '../../../components/admin-page/form-section';

export type Phase = { kind: 'idle' } | { kind: 'uploading'; sent: number; total: number } | { kind: 'done' } | { kind: 'failed'; message: string };

interface UploadHandlers {
  /** Where the file goes: asked when the upload starts (the create page saves the video first). */
  target: AsyncAction<[], UploadTarget>;
  /** After the server took the file and started encoding. */
  onUploaded: (target: UploadTarget) => void;
}

/** The upload's state and controls; `VideoUploadPanel` shows them. */
export function useVideoUpload({ target, onUploaded }: UploadHandlers) {
  const { t } = useTranslation();
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const abort = useRef<AbortController>(undefined);

  const start = async (file: File) => {
    const controller = new AbortController();
    abort.current = controller;
    setPhase({ kind: 'uploading', sent: 0, total: file.size });
    try {
      const where = await target();
      await uploadVideo(file, where, {
        calls: videoUploadCalls,
        putPart: fetchPutPart,
        signal: controller.signal,
        onProgress: (sent, total) => setPhase({ kind: 'uploading', sent, total }),
      });
      setPhase({ kind: 'done' });
      toast.success(t('videos:upload.done'));
      onUploaded(where);
    } catch (e) {
      if (e instanceof UploadCancelledError) {
        setPhase({ kind: 'idle' });
        toast.success(t('videos:upload.cancelled'));
        return;
      }
      const message = errorMessage(e);
      setPhase({ kind: 'failed', message });
      toast.error(t('videos:upload.failed'), message);
    }
  };
  return { phase, start, cancel: () => abort.current?.abort() };
}

/** File picker (video files only), progress bar with cancel, failure with retry. */
export function VideoUploadPanel({
  phase,
  file,
  onFileChange,
  onRetry,
  onCancel,
  disabled,
}: {
  phase: Phase;
  file: File | null;
  onFileChange: (file: File | null) => void;
  onRetry?: () => void;
  onCancel: () => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const [typeError, setTypeError] = useState(false);
  const accept = Object.keys(videoFileTypes).join(',');
  const pick = (f: File | null) => {
    const ok = !f || isAcceptedVideo(f, videoFileTypes);
    setTypeError(!ok);
    onFileChange(ok ? f : null);
  };
  const percent = phase.kind === 'uploading' && phase.total > 0 ? Math.floor((phase.sent / phase.total) * 100) : 0;

  return (
    <FormSection title={t('videos:upload.title')}>
      <FileInput
        label={t('videos:upload.file')}
        description={t('videos:upload.fileHint')}
        accept={accept}
        value={file}
        onChange={pick}
        clearable
        disabled={disabled || phase.kind === 'uploading'}
        error={typeError ? t('videos:upload.notVideo') : undefined}
      />
      {phase.kind === 'uploading' && (
        <Stack gap={4}>
          <Text size="sm" role="status">
            {t('videos:upload.progress', { percent, sent: formatBytes(phase.sent), total: formatBytes(phase.total) })}
          </Text>
          <Progress value={percent} aria-label={t('videos:upload.progressLabel')} animated />
          <Group>
            <Button variant="default" color="red" size="xs" onClick={onCancel}>
              {t('videos:upload.cancel')}
            </Button>
          </Group>
        </Stack>
      )}
      {phase.kind === 'failed' && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} title={t('videos:upload.failed')} role="alert">
          {phase.message}
          {onRetry && (
            <Button mt="sm" size="xs" variant="white" color="red" display="block" onClick={onRetry}>
              {t('videos:upload.retry')}
            </Button>
          )}
        </Alert>
      )}
      {phase.kind === 'done' && (
        <Text size="sm" c="teal.9" role="status">
          {t('videos:upload.encoding')}
        </Text>
      )}
    </FormSection>
  );
}
