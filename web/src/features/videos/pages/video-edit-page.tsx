import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useSWRConfig } from 'swr';
import type { Video } from '../../../../../shared/api/calls/videos';
import { QueryState } from '../../../components/admin-page/query-state';
import { PreviewLink } from '../../../components/preview-link';
import { isVideoListKey, updateVideo, useVideo } from '../api';
import { VideoBadges } from '../components/video-badges';
import { VideoForm } from '../components/video-form';
import { useVideoUpload, VideoUploadPanel } from '../components/video-uploader';
import { formatSeconds, formToInput, videoToForm } from '../form-values';
import { useVideoForm } from '../use-video-form';
import { AdminPage } from '../../../components/admin-page/admin-page';
import { ApiError } from '../../../lib/api-error';
import { formatBytes } from '../../../lib/format';
import { errorMessage, useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';

/** SPEC §2 /admin/video/:videoId/edit: every field, optimistic `version`, the upload state kept fresh. */
function VideoEditPage() {
  const { t } = useTranslation();
  const { videoId } = useParams();
  const video = useVideo(videoId);

  return (
    <AdminPage title={t('videos:edit.title')} back={{ to: '/admin/video', label: t('videos:edit.back') }} maw={null}>
      <QueryState error={video.error} errorTitle={t('videos:edit.loadError')} onRetry={() => void video.mutate()} loading={!video.data} skeleton={{ h: 400, maw: 760 }}>
        {() => (
          <>
            <VideoSummary video={video.data!} onUploaded={() => void video.mutate()} />
            {/* Keyed by version: a reload after a stale save starts the form again from the stored video. */}
            <VideoEditForm key={video.data!.version} video={video.data!} reload={() => void video.mutate()} />
          </>
        )}
      </QueryState>
    </AdminPage>
  );
}

function VideoSummary({ video, onUploaded }: { video: Video; onUploaded: () => void }) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const upload = useVideoUpload({ target: async () => ({ videoId: video.videoId, versionNumber: video.latestVersion }), onUploaded });
  // A version without a file (never uploaded, cancelled or failed) takes one here.
  const needsFile = video.uploadState === 'waiting' || video.uploadState === 'failed';
  return (
    <Stack maw={760}>
      <Paper withBorder p="lg" radius="md">
        <Stack gap="xs">
          <VideoBadges video={video} />
          <Text size="sm">
            {t('videos:edit.versionLine', {
              version: video.latestVersion,
              duration: video.durationSeconds === undefined ? '—' : formatSeconds(video.durationSeconds),
              size: video.sizeBytes === undefined ? '—' : formatBytes(video.sizeBytes),
            })}
          </Text>
          {video.uploadState === 'failed' && (
            <Text size="sm" c="red" role="alert">
              {t('videos:edit.failedHint')}
            </Text>
          )}
          <Group>
            <Button component={Link} to={`/admin/video/${video.videoId}/recreate`} variant="default" size="xs">
              {t('videos:edit.versions')}
            </Button>
            {/* A video has a page once it plays. */}
            {video.uploadState === 'ready' && <PreviewLink path={`video/${encodeURIComponent(video.videoId)}`} />}
          </Group>
        </Stack>
      </Paper>
      {needsFile && (
        <Stack>
          <VideoUploadPanel
            phase={upload.phase}
            file={file}
            onFileChange={setFile}
            onCancel={upload.cancel}
            onRetry={file ? () => void upload.start(file) : undefined}
          />
          <Group justify="flex-end">
            <Button disabled={!file || upload.phase.kind === 'uploading'} onClick={() => file && void upload.start(file)}>
              {t('videos:upload.start')}
            </Button>
          </Group>
        </Stack>
      )}
    </Stack>
  );
}

function VideoEditForm({ video, reload }: { video: Video; reload: () => void }) {
  const { t } = useTranslation();
  const { mutate } = useSWRConfig();
  const { form, showServerErrors } = useVideoForm(videoToForm(video));
  const submit = form.onSubmit(async (values) => {
    try {
      await updateVideo({ ...formToInput(values), videoId: video.videoId, version: video.version });
    } catch (e) {
      if (e instanceof ApiError && e.fields.version) {
        toast.error(t('videos:edit.stale'), t('videos:edit.staleDetail'));
        reload();
        return;
      }
      toast.error(errorMessage(e));
      showServerErrors(e);
      return;
    }
    toast.success(t('videos:edit.saved', { title: values.title.trim() }));
    reload();
    await mutate(isVideoListKey);
  });
  return <VideoForm form={form} full submitLabel={t('videos:actions.save')} onSubmit={(e) => void submit(e)} />;
}

export { VideoEditPage as Component };
