import {
  memberImportGetCall,
  memberImportStartCall,
  memberImportTemplateCall,
  memberImportUploadCall,
} from '../../../shared/api/calls/member-import';
import { implement, teamOf } from '../../core/http/implement';
import { getMemberImport, memberCsvHeader, startMemberImport, uploadMemberCsv } from './import-service';

/** SPEC §2 /admin/user/import, /admin/user/update and /admin/user/import_email_auth. */
export const memberImportCalls = [
  implement(memberImportUploadCall, async (input, ctx) => uploadMemberCsv(teamOf(ctx).teamId, input)),
  implement(memberImportStartCall, async (input, ctx) => startMemberImport(teamOf(ctx).team, input)),
  implement(memberImportGetCall, async ({ importId }, ctx) => ({ import: await getMemberImport(teamOf(ctx).teamId, importId) })),
  implement(memberImportTemplateCall, async (_input, ctx) => ({ header: await memberCsvHeader(teamOf(ctx).teamId) })),
];
