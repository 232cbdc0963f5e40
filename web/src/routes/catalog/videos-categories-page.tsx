import { TaxonomyPage } from '../../features/member-videos/components/area-list-pages';

/** SPEC §2 /catalog/:teamId/videos/categories. */
function VideosCategoriesPage() {
  return <TaxonomyPage area="catalog" kind="category" />;
}

export { VideosCategoriesPage as Component };
