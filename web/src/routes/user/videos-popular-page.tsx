import { PopularVideosPage } from '../../features/member-videos/components/area-list-pages';

/** SPEC §2 /user/:teamId/videos/popular: the most watched videos of the last 30 days. */
function VideosPopularPage() {
  return <PopularVideosPage area="user" />;
}

export { VideosPopularPage as Component };
