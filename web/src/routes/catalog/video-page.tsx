import { Anchor, Button, Group } from '@mantine/core';
import { IconLogin2 } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { useCatalogVideo } from '../../features/member-videos/catalog-api';
import { WatchView } from '../../features/player/components/watch-view';
import { catalogToMemberPath } from '../../lib/catalog-path';

/**
 * SPEC §2 /catalog/:teamId/video/:videoId: a public video for visitors, with the member player but no
 * resume or view records (a visitor has no member record). Only public videos answer; anything else is
 * the not-found state.
 */
function CatalogVideoPage() {
  const { t } = useTranslation();
  const { teamId = '', videoId = '' } = useParams();
  const { pathname, search, hash } = useLocation();
  const { data, error, isLoading, mutate } = useCatalogVideo(teamId, videoId);
  const [endedVideoId, setEndedVideoId] = useState<string>();
  const base = `/catalog/${encodeURIComponent(teamId)}`;
  const memberPath = catalogToMemberPath(pathname + search + hash);

  // The completion action goes on only to a video the catalog shows: asked once this one has ended (the
  // answer is then already cached for the next page).
  const nextVideoId = data?.video.completionAction === 'nextVideo' ? data.video.nextVideoId : undefined;
  const next = useCatalogVideo(teamId, endedVideoId === videoId ? nextVideoId : undefined);

  return (
    <WatchView
      answer={data}
      error={error}
      isLoading={isLoading}
      onRetry={() => void mutate()}
      back={
        <Button component={Link} to={base} variant="default" w="fit-content">
          {t('catalog:video.backToTop')}
        </Button>
      }
      actions={
        memberPath && (
          <Group gap={6}>
            <IconLogin2 size={16} aria-hidden />
            <Anchor component={Link} to={memberPath} size="sm">
              {t('catalog:video.watchAsMember')}
            </Anchor>
          </Group>
        )
      }
      nextVideoPath={nextVideoId && next.data ? `${base}/video/${encodeURIComponent(nextVideoId)}` : undefined}
      onEnded={() => setEndedVideoId(videoId)}
    />
  );
}

export { CatalogVideoPage as Component };
