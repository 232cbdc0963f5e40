import { Badge, Group } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n';
import type { UploadState, VideoRow } from '../../../../../shared/api/calls/videos';

const uploadColors: Record<UploadState, string> = { waiting: 'gray', uploading: 'blue', encoding: 'yellow', ready: 'teal', failed: 'red' };
const statusColors = { private: 'gray', public: 'green', publicationPeriod: 'indigo' } as const;

export function UploadStateBadge({ state }: { state: UploadState }) {
  const { t } = useTranslation();
  return (
    <Badge color={uploadColors[state]} variant="light" data-testid="upload-state">
      {t(`videos:uploadState.${state}`)}
    </Badge>
  );
}

/** Publication (private / public / period) and upload state, as the list and edit pages show them. */
export function VideoBadges({ video }: { video: Pick<VideoRow, 'status' | 'uploadState' | 'isListHidden'> }) {
  const { t } = useTranslation();
  return (
    <Group gap={4}>
      <Badge color={statusColors[video.status]} variant="outline">
        {t(`videos:status.${video.status}`)}
      </Badge>
      <UploadStateBadge state={video.uploadState} />
      {video.isListHidden && (
        <Badge color="gray" variant="dot">
          {t('videos:fields.isListHidden')}
        </Badge>
      )}
    </Group>
  );
}
