import { JoinPage } from './join-page';

/** SPEC §2 /join/admin/:inviteId: a new administrator with the invitation's categories. */
const JoinAdminPage = () => <JoinPage kind="admin" />;

export { JoinAdminPage as Component };
