import { Stack, Title } from '@mantine/core';
import { useParams } from 'react-router';
import type { SavedList } from '../../../../../shared/api/calls/saved-items';
import { useSavedPages } from '../api';
import { VideoCardGrid } from '../../../components/video-card-grid';
import { useTranslation } from '../../../lib/i18n';

/**
 * SPEC §2 /user/:teamId/bookmark and /user/:teamId/watchLater: one page told its list, the member's saved items of
 * every type, newest saved first, in the area's card grid (each card opens its type's page).
 */
function SavedPage({ list }: { list: SavedList }) {
  const { t } = useTranslation();
  const { teamId = '' } = useParams();
  const pages = useSavedPages(list);
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t(`saved:${list}.title`)}
      </Title>
      <VideoCardGrid area="user" teamId={teamId} pages={pages} emptyText={t(`saved:${list}.empty`)} />
    </Stack>
  );
}

export const BookmarkPage = () => <SavedPage list="bookmark" />;
export const WatchLaterPage = () => <SavedPage list="watchLater" />;
