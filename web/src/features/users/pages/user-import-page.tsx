import { MemberImportPage } from '../components/member-import';

/** SPEC §2 /admin/user/import. */
export const Component = () => <MemberImportPage mode="import" />;
