import { ulid } from 'ulid';
import type { CustomField } from '../../../shared/api/calls/custom-fields';
import type { MemberImport, MemberImportError, MemberImportMode } from '../../../shared/api/calls/member-import';
import { MEMBER_IMPORT_MAX_ROWS } from '../../../shared/constants';
import type { CustomFieldDef, MemberRow } from '../../../shared/rules/member-csv';
import { normalizeEmail } from '../../../shared/rules/email';
import { AppError } from '../../core/http/app-error';
import { listCustomFields } from '../../core/entities/custom-field';
import { readerLanguage } from '../../core/mail/reader-language';
import { checkFile } from '../../core/media/file-upload';
import { scheduleJob } from '../../platform/scheduler';
import { deleteObject, getObjectBytes, presignPut } from '../../platform/storage';
import type { Team } from '../../core/entities/team';
import { listTeamUsers, userLists, type TeamUser } from '../../core/entities/team-user';
import { listGroups } from '../../core/entities/group';
import { getImportRecord, importJobId, listFailures, putImport, toMemberImport, type ImportChunk, type ImportRow } from './member-import';

/** Rows a chunk holds: small enough for one item (400 KB) with custom fields, large enough to batch writes well. */
export const IMPORT_CHUNK_ROWS = 100;

/** How long the CSV's presigned PUT works. */
const CSV_URL_SECONDS = 900;
/** Where a team's import files wait in the (private) uploads bucket until the import reads and removes them. */
const csvPrefix = (teamId: string) => `T/${teamId}/member-import/`;

/**
 * A presigned PUT for the CSV, type and length signed (`fileKindRules.memberCsv`). The uploads bucket, not the
 * media one: the file holds personal data and nothing serves it.
 */
export async function uploadMemberCsv(teamId: string, input: { fileName: string; sizeBytes: number }, now = new Date()) {
  const bad = checkFile('memberCsv', input.fileName, 'text/csv', input.sizeBytes);
  if (bad) throw new AppError('common/invalid_input', { [bad]: 'validation/invalid_value' });
  const key = `${csvPrefix(teamId)}${ulid(now.getTime())}.csv`;
  const url = await presignPut({ bucket: 'uploads', key, contentType: 'text/csv', contentLength: input.sizeBytes, expiresInSeconds: CSV_URL_SECONDS });
  return { key, url, headers: { 'content-type': 'text/csv' }, expiresAt: new Date(now.getTime() + CSV_URL_SECONDS * 1000).toISOString() };
}

/** The uploaded file's text, removed from storage once read (a refused file is uploaded again after the fix). */
async function takeCsv(teamId: string, key: string): Promise<string> {
  const bytes = key.startsWith(csvPrefix(teamId)) && !key.includes('..') ? await getObjectBytes('uploads', key) : undefined;
  if (!bytes) throw new AppError('common/invalid_input', { fileKey: 'validation/invalid_value' });
  await deleteObject('uploads', key);
  return decodeCsv(bytes);
}

/** The team's fields as the CSV parser reads them: a select is one choice like a radio. */
const csvFields = (fields: CustomField[]): CustomFieldDef[] =>
  fields.map((f) => ({
    name: f.name,
    type: f.type === 'select' ? 'radio' : f.type,
    required: f.required,
    ...(f.options.length ? { options: f.options } : {}),
  }));

// The CSV rules and their parser (papaparse) load with the first import call, not with every members call.
const memberCsv = () => import('../../../shared/rules/member-csv');

export async function memberCsvHeader(teamId: string): Promise<string[]> {
  const [fields, { memberCsvColumns }] = await Promise.all([listCustomFields(teamId), memberCsv()]);
  return [...Object.keys(memberCsvColumns), ...fields.map((f) => f.name)];
}

/** Spreadsheets in Japan save CSV as Shift_JIS; anything that is not valid UTF-8 is read as that. */
export function decodeCsv(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('shift_jis').decode(bytes);
  }
}

/** Every person of the team by e-mail and by id (the member lists and the administrators). */
async function teamPeople(teamId: string) {
  const byEmail = new Map<string, TeamUser>();
  const byId = new Map<string, TeamUser>();
  await Promise.all(
    userLists.map(async (list) => {
      let cursor: string | undefined;
      do {
        const page = await listTeamUsers(teamId, list, { sort: 'created', order: 'asc', limit: 1000, cursor });
        for (const u of page.users) {
          byEmail.set(normalizeEmail(u.email), u);
          byId.set(u.userId, u);
        }
        cursor = page.nextCursor;
      } while (cursor);
    }),
  );
  return { byEmail, byId };
}

/** End of the day the CSV names, as the member edit page stores an expiration. */
const expirationTime = (date: string) => `${date}T23:59:59.999Z`;

interface Checked {
  errors: MemberImportError[];
  rows: ImportRow[];
}

/** The server's checks of parsed rows: group names, the member to update, an e-mail already in the team. */
async function checkRows(teamId: string, mode: MemberImportMode, parsed: MemberRow[], fields: CustomField[]): Promise<Checked> {
  const [groups, people] = await Promise.all([listGroups(teamId), teamPeople(teamId)]);
  const groupIdByName = new Map(groups.map((g) => [g.name, g.groupId]));
  const fieldIdByName = new Map(fields.map((f) => [f.name, f.fieldId]));
  const errors: MemberImportError[] = [];
  const rows: ImportRow[] = [];
  const start = Date.now();
  for (const [i, r] of parsed.entries()) {
    const rowErrors: MemberImportError[] = [];
    let userId: string;
    if (mode === 'update') {
      const found = r.id !== undefined ? people.byId.get(r.id) : people.byEmail.get(normalizeEmail(r.email));
      // Administrators are not updated by a member file.
      if (!found || found.role !== 'member') rowErrors.push({ row: r.row, column: r.id !== undefined ? 'id' : 'email', code: 'import/user_not_found' });
      userId = found?.userId ?? '';
    } else {
      if (people.byEmail.has(normalizeEmail(r.email))) rowErrors.push({ row: r.row, column: 'email', code: 'import/already_member' });
      // Provisional ids in file order: the members list shows an import in its row order.
      userId = ulid(start + i);
    }
    const groupIds = r.groups.map((name) => groupIdByName.get(name));
    if (groupIds.some((g) => g === undefined)) rowErrors.push({ row: r.row, column: 'groups', code: 'import/group_not_found' });
    if (rowErrors.length) {
      errors.push(...rowErrors);
      continue;
    }
    const customFields: ImportRow['customFields'] = {};
    for (const [name, value] of Object.entries(r.customFields)) {
      const fieldId = fieldIdByName.get(name);
      // No custom field is YES/NO, so a boolean never reaches here; text keeps its text.
      if (fieldId && typeof value !== 'boolean') customFields[fieldId] = value;
    }
    rows.push({
      row: r.row,
      email: r.email,
      userId,
      ...(r.name !== undefined ? { name: r.name } : {}),
      ...(r.phone !== undefined ? { phone: r.phone } : {}),
      ...(r.groups.length ? { groupIds: groupIds as string[] } : {}),
      ...(r.disabled !== undefined ? { disabled: r.disabled } : {}),
      ...(r.expiration !== undefined ? { expiresAt: expirationTime(r.expiration) } : {}),
      customFields,
    });
  }
  return { errors, rows };
}

/**
 * /member_import/start: reads the uploaded file, checks every row (the parser's SPEC §5 rules, then the server's),
 * and only when no row has an error records the import and schedules its job. Errors come sorted by row.
 */
export async function startMemberImport(
  team: Pick<Team, 'teamId' | 'language'>,
  input: { mode: MemberImportMode; fileKey: string },
  now = new Date(),
): Promise<{ accepted: false; errors: MemberImportError[] } | { accepted: true; import: MemberImport }> {
  const { teamId } = team;
  const text = await takeCsv(teamId, input.fileKey);
  const [fields, { parseMemberCsv }] = await Promise.all([listCustomFields(teamId), memberCsv()]);
  const parsed = parseMemberCsv(text, { customFields: csvFields(fields), maxRows: MEMBER_IMPORT_MAX_ROWS });
  const checked = await checkRows(teamId, input.mode, parsed.rows, fields);
  const errors = [...parsed.errors, ...checked.errors].sort((a, b) => a.row - b.row);
  if (errors.length) return { accepted: false, errors };

  const importId = ulid(now.getTime());
  const chunks: ImportChunk[] = [];
  for (let i = 0; i < checked.rows.length; i += IMPORT_CHUNK_ROWS) {
    chunks.push({ index: chunks.length, state: 'pending', rows: checked.rows.slice(i, i + IMPORT_CHUNK_ROWS) });
  }
  const record = {
    teamId,
    importId,
    mode: input.mode,
    state: 'running' as const,
    total: checked.rows.length,
    done: 0,
    created: 0,
    updated: 0,
    mailsSent: 0,
    chunkCount: chunks.length,
    chunksDone: 0,
    // An imported member has chosen no language yet and the file has no language column: the team's.
    language: readerLanguage(undefined, team),
    createdAt: now.toISOString(),
  };
  await putImport(record, chunks);
  await scheduleJob({ id: importJobId(importId), at: now, job: { kind: 'memberImport', teamId, payload: { importId } } });
  return { accepted: true, import: toMemberImport(record, []) };
}

export async function getMemberImport(teamId: string, importId: string): Promise<MemberImport> {
  const record = await getImportRecord(teamId, importId);
  if (!record) throw new AppError('common/not_found');
  return toMemberImport(record, await listFailures(teamId, importId));
}
