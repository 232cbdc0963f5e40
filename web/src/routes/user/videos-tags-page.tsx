import { TaxonomyPage } from '../../features/member-videos/components/area-list-pages';

/** SPEC §2 /user/:teamId/videos/tags. */
function VideosTagsPage() {
  return <TaxonomyPage area="user" kind="tag" />;
}

export { VideosTagsPage as Component };
