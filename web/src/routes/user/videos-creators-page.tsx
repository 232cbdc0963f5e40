import { TaxonomyPage } from '../../features/member-videos/components/area-list-pages';

/** SPEC §2 /user/:teamId/videos/creators. */
function VideosCreatorsPage() {
  return <TaxonomyPage area="user" kind="creator" />;
}

export { VideosCreatorsPage as Component };
