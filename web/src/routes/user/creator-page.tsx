import { CreatorPage } from '../../features/member-videos/components/area-list-pages';

/** SPEC §2 /user/:teamId/creator/:creatorId: the creator's profile and videos. */
function CreatorProfilePage() {
  return <CreatorPage area="user" />;
}

export { CreatorProfilePage as Component };
