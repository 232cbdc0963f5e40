import { Button } from '@mantine/core';
import { useCallback } from 'react';
import { useTranslation } from '../../lib/i18n';
import { Link, useParams } from 'react-router';
import { recordProgress, useMemberVideo } from '../../features/member-videos/api';
import { WatchView } from '../../features/player/components/watch-view';
import { PurchasePanel } from '../../features/purchases/components/purchase-panel';

/** SPEC §2 /user/:teamId/video/:videoId: the watch page with each SPEC §4 access state. */
function VideoPage() {
  const { t } = useTranslation();
  const { teamId = '', videoId = '' } = useParams();
  const { data, error, isLoading, mutate } = useMemberVideo(videoId);
  const base = `/user/${encodeURIComponent(teamId)}`;
  const nextVideoId = data?.video.completionAction === 'nextVideo' ? data.video.nextVideoId : undefined;
  const refresh = useCallback(() => void mutate(), [mutate]);

  return (
    <WatchView
      answer={data}
      error={error}
      isLoading={isLoading}
      onRetry={() => void mutate()}
      back={
        <Button component={Link} to={`${base}/videos/newer`} variant="default" w="fit-content">
          {t('player:page.backToList')}
        </Button>
      }
      nextVideoPath={nextVideoId ? `${base}/video/${encodeURIComponent(nextVideoId)}` : undefined}
      onViewEvent={(event, position) => void recordProgress(videoId, event, position).catch(() => undefined)}
      unpurchased={
        data?.state === 'unpurchased' && (
          <PurchasePanel title={data.video.title} priceIds={data.priceIds ?? []} returnPath={`${base}/video/${encodeURIComponent(videoId)}`} onRefresh={refresh} />
        )
      }
    />
  );
}

export { VideoPage as Component };
