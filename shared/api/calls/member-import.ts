import * as z from 'zod/mini';
import { code, invalidValue } from '../../rules/issues';
import type { MemberCsvError } from '../../rules/member-csv';
import { callsOf } from '../define';
import { idSchema } from '../ids';
import { fileKindRules } from './uploads';

const membersCall = callsOf('members');

/**
 * SPEC §2 /admin/user/import, /admin/user/update and /admin/user/import_email_auth: a member CSV uploaded to
 * storage (the file can be larger than the API's 1 MB body), checked whole, then written by a scheduled job in
 * batches while the page shows progress and, at the end, a summary.
 */
export const memberImportModes = ['import', 'emailAuth', 'update'] as const;
export type MemberImportMode = (typeof memberImportModes)[number];

/** A row's problem: `row` as a spreadsheet numbers it (header = 1), 0 for the file as a whole. */
export type MemberImportError = MemberCsvError;

export interface MemberImportFailure {
  row: number;
  email: string;
  code: MemberImportError['code'] | 'common/unknown';
}

export interface MemberImport {
  importId: string;
  mode: MemberImportMode;
  state: 'running' | 'done';
  /** Data rows in the file. */
  total: number;
  /** Rows handled so far (created, updated or failed). */
  done: number;
  created: number;
  updated: number;
  mailsSent: number;
  /** Rows that could not be written after the file passed its checks (a group deleted meanwhile, a race). */
  failures: MemberImportFailure[];
  createdAt: string;
  finishedAt?: string;
}

const permission = 'admin.users';

const uploadInput = z.object(
  {
    fileName: z
      .string({ error: code('validation/required') })
      .check(z.trim(), z.minLength(1, code('validation/required')), z.maxLength(255, code('validation/too_long'))),
    sizeBytes: z
      .number(invalidValue)
      .check(z.refine(Number.isSafeInteger, code('validation/not_integer')), z.gte(1, invalidValue), z.lte(fileKindRules.memberCsv.maxBytes, invalidValue)),
  },
  invalidValue,
);

/** A presigned PUT for the CSV (`text/csv`, at most `fileKindRules.memberCsv.maxBytes`); then start with its key. */
export const memberImportUploadCall = membersCall<
  typeof uploadInput,
  { key: string; url: string; headers: Record<string, string>; expiresAt: string }
>()('/member_import/upload', permission, uploadInput);

const startInput = z.object(
  {
    mode: z.enum(memberImportModes, invalidValue),
    fileKey: z.string({ error: code('validation/required') }).check(z.minLength(1, code('validation/required')), z.maxLength(300, invalidValue)),
  },
  invalidValue,
);

/**
 * Checks every row (SPEC §5 plus what only the server knows: groups by name, the member for an update, an
 * e-mail already in the team for an import). Any error: `accepted: false` with every error and nothing written.
 * Otherwise the import is recorded and its job scheduled.
 */
export const memberImportStartCall = membersCall<
  typeof startInput,
  { accepted: false; errors: MemberImportError[] } | { accepted: true; import: MemberImport }
>()('/member_import/start', permission, startInput);

const getInput = z.object({ importId: idSchema }, invalidValue);

/** Progress and, once done, the summary. Another team's id is 404 `common/not_found`. */
export const memberImportGetCall = membersCall<typeof getInput, { import: MemberImport }>()('/member_import/get', permission, getInput);

const templateInput = z.object({}, invalidValue);

/** The header of the team's CSV: the standard columns, then one per custom field. */
export const memberImportTemplateCall = membersCall<typeof templateInput, { header: string[] }>()('/member_import/template', permission, templateInput);
