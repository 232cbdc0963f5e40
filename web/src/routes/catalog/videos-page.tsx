import { VideosPage } from '../../features/member-videos/components/area-list-pages';

/** SPEC §2 /catalog/:teamId/videos, optionally /category/:categoryId, /tag/:tagId or /creator/:creatorId. */
function VideosListPage() {
  return <VideosPage area="catalog" />;
}

export { VideosListPage as Component };
