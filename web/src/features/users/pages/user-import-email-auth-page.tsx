import { MemberImportPage } from '../components/member-import';

/** SPEC §2 /admin/user/import_email_auth. */
export const Component = () => <MemberImportPage mode="emailAuth" />;
