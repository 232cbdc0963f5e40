import { NewerVideosPage } from '../../features/member-videos/components/area-list-pages';

/** SPEC §2 /catalog/:teamId/videos/newer: the newest videos. */
function VideosNewerPage() {
  return <NewerVideosPage area="catalog" />;
}

export { VideosNewerPage as Component };
