import { InviteUsersPage } from './invite-users-page';

/** SPEC §2 /admin/invite/:inviteId/approval_pending_user: the invitation's members awaiting approval. */
const ApprovalPendingUserPage = () => <InviteUsersPage pendingOnly />;

export { ApprovalPendingUserPage as Component };
