import useSWR from 'swr';
import {
  memberImportGetCall,
  memberImportStartCall,
  memberImportTemplateCall,
  memberImportUploadCall,
  type MemberImportMode,
} from '../../../../shared/api/calls/member-import';
import { callApi } from '../../lib/api';
import { teamScoped } from '../../lib/team-session';

/** Member import (SPEC §2 /admin/user/import, update, import_email_auth): upload, check and start, then progress. */
/** The CSV goes to storage through a presigned PUT (it may be larger than the API's 1 MB body); answers its key. */
async function uploadCsv(file: File): Promise<string> {
  const { key, url, headers } = await callApi(memberImportUploadCall, { fileName: file.name, sizeBytes: file.size });
  const res = await fetch(url, { method: 'PUT', headers, body: file });
  if (!res.ok) throw new Error(`CSV upload failed (${res.status})`);
  return key;
}

export async function startImport(mode: MemberImportMode, file: File) {
  return callApi(memberImportStartCall, { mode, fileKey: await uploadCsv(file) });
}

/** Polled every second while the import runs; stops once it is done. */
export function useImport(importId: string | undefined) {
  return useSWR(importId ? teamScoped(memberImportGetCall.path, importId) : null, () => callApi(memberImportGetCall, { importId: importId! }), {
    refreshInterval: (data) => (data?.import.state === 'done' ? 0 : 1000),
  });
}

export const fetchTemplateHeader = () => callApi(memberImportTemplateCall, {});
