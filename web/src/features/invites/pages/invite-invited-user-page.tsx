import { InviteUsersPage } from './invite-users-page';

/** SPEC §2 /admin/invite/:inviteId/invited_user: everyone who registered with the invitation. */
const InvitedUserPage = () => <InviteUsersPage pendingOnly={false} />;

export { InvitedUserPage as Component };
