import { CreatorPage } from '../../features/member-videos/components/area-list-pages';

/** SPEC §2 /catalog/:teamId/creator/:creatorId: the creator's profile and videos. */
function CreatorProfilePage() {
  return <CreatorPage area="catalog" />;
}

export { CreatorProfilePage as Component };
