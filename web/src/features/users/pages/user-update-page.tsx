import { MemberImportPage } from '../components/member-import';

/** SPEC §2 /admin/user/update. */
export const Component = () => <MemberImportPage mode="update" />;
