import { NewerVideosPage } from '../../features/member-videos/components/area-list-pages';

/** SPEC §2 /user/:teamId/videos/newer: the newest videos. */
function VideosNewerPage() {
  return <NewerVideosPage area="user" />;
}

export { VideosNewerPage as Component };
