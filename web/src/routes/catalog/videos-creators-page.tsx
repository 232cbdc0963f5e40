import { TaxonomyPage } from '../../features/member-videos/components/area-list-pages';

/** SPEC §2 /catalog/:teamId/videos/creators. */
function VideosCreatorsPage() {
  return <TaxonomyPage area="catalog" kind="creator" />;
}

export { VideosCreatorsPage as Component };
