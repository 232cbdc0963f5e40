import { TaxonomyPage } from '../../features/member-videos/components/area-list-pages';

/** SPEC §2 /catalog/:teamId/videos/tags. */
function VideosTagsPage() {
  return <TaxonomyPage area="catalog" kind="tag" />;
}

export { VideosTagsPage as Component };
