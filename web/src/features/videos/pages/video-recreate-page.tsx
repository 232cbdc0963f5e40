import { Button, Group, Modal, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useParams } from 'react-router';
import { LoadError } from '../../../components/load-error';
import { deleteVideoVersion, recreateVideo, useVideo, useVideoVersions } from '../api';
import { UploadStateBadge } from '../components/video-badges';
import { useVideoUpload, VideoUploadPanel } from '../components/video-uploader';
import { formatSeconds } from '../form-values';
import { formatBytes, formatDate } from '../../../lib/format';
import { errorMessage, useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { AdminPage } from '../../../components/admin-page/admin-page';

/** SPEC §2 /admin/video/:videoId/recreate: upload a new version; the versions list (the newest cannot be deleted). */
function VideoRecreatePage() {
  const { t } = useTranslation();
  const { videoId = '' } = useParams();
  const video = useVideo(videoId);
  const versions = useVideoVersions(videoId, 3000);
  const [file, setFile] = useState<File | null>(null);
  const upload = useVideoUpload({
    target: async () => ({ videoId, versionNumber: (await recreateVideo(videoId)).number }),
    onUploaded: () => {
      setFile(null);
      void versions.mutate();
      void video.mutate();
    },
  });
  const latest = versions.data?.items[0]?.number;
  const [toDelete, setToDelete] = useState<number>();
  const [deleting, setDeleting] = useState(false);

  const remove = async () => {
    if (toDelete === undefined) return;
    setDeleting(true);
    try {
      await deleteVideoVersion(videoId, toDelete);
      toast.success(t('videos:versions.deleted', { number: toDelete }));
      await versions.mutate();
    } catch (e) {
      toast.error(errorMessage(e));
    } finally {
      setDeleting(false);
      setToDelete(undefined);
    }
  };

  return (
    <AdminPage title={t('videos:versions.title')} back={{ to: `/admin/video/${videoId}/edit`, label: t('videos:versions.back') }}>
      {video.data && <Text fw={500}>{video.data.title}</Text>}
      <VideoUploadPanel phase={upload.phase} file={file} onFileChange={setFile} onCancel={upload.cancel} onRetry={file ? () => void upload.start(file) : undefined} />
      <Group justify="flex-end">
        <Button disabled={!file || upload.phase.kind === 'uploading'} onClick={() => file && void upload.start(file)}>
          {t('videos:versions.upload')}
        </Button>
      </Group>
      {versions.error ? (
        <LoadError title={t('videos:versions.loadError')} error={versions.error} onRetry={() => void versions.mutate()} />
      ) : !versions.data ? (
        <Skeleton h={120} role="status" aria-label={t('common:loading')} />
      ) : (
        <Table striped verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('videos:versions.number')}</Table.Th>
              <Table.Th>{t('videos:list.state')}</Table.Th>
              <Table.Th>{t('videos:list.duration')}</Table.Th>
              <Table.Th>{t('videos:versions.size')}</Table.Th>
              <Table.Th>{t('videos:list.created')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {versions.data.items.map((v) => (
              <Table.Tr key={v.number}>
                <Table.Td>{v.number}</Table.Td>
                <Table.Td>
                  <UploadStateBadge state={v.state} />
                </Table.Td>
                <Table.Td>{v.durationSeconds === undefined ? '—' : formatSeconds(v.durationSeconds)}</Table.Td>
                <Table.Td>{v.sizeBytes === undefined ? '—' : formatBytes(v.sizeBytes)}</Table.Td>
                <Table.Td>{formatDate(v.createdAt)}</Table.Td>
                <Table.Td ta="right">
                  {v.number !== latest && (
                    <Button size="xs" color="red" variant="subtle" onClick={() => setToDelete(v.number)} aria-label={t('videos:versions.delete', { number: v.number })}>
                      {t('videos:actions.delete')}
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Modal opened={toDelete !== undefined} onClose={() => setToDelete(undefined)} title={t('videos:versions.delete', { number: toDelete ?? '' })}>
        <Stack>
          <Text size="sm">{t('videos:versions.deleteBody', { number: toDelete ?? '' })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setToDelete(undefined)}>
              {t('videos:actions.cancel')}
            </Button>
            <Button color="red" loading={deleting} onClick={() => void remove()}>
              {t('videos:actions.delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </AdminPage>
  );
}

export { VideoRecreatePage as Component };
