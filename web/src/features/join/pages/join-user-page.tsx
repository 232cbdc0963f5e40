import { JoinPage } from './join-page';

/** SPEC §2 /join/user/:inviteId: a new member. */
const JoinUserPage = () => <JoinPage kind="user" />;

export { JoinUserPage as Component };
