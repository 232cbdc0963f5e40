import { TaxonomyPage } from '../../features/member-videos/components/area-list-pages';

/** SPEC §2 /user/:teamId/videos/categories. */
function VideosCategoriesPage() {
  return <TaxonomyPage area="user" kind="category" />;
}

export { VideosCategoriesPage as Component };
