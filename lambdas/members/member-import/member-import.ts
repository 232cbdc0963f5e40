import type { MemberImport, MemberImportFailure, MemberImportMode } from '../../../shared/api/calls/member-import';
import type { CustomFieldAnswer } from '../../../shared/api/calls/custom-fields';
import { batchPut, ConditionFailedError, getItem, putItem, query, transact, type Item, type TransactOp } from '../../platform/db';
import { assertId, teamKey } from '../../platform/keys';
import { stepState } from '../../core/conditional-write';

/**
 * A member import (SPEC §2 /admin/user/import, update, import_email_auth), one partition per import:
 *   pk `T#<teamId>#MEMBERIMPORT#<importId>`  sk `IMPORT`       the record: mode, counters, state
 *                                            sk `C#<00000>`     a chunk of checked rows and its state
 *                                            sk `F#<0000000>`   a row that failed while writing (by row number)
 * A chunk goes pending -> mailing -> done: rows are written only while it is pending, mails are sent once it is
 * mailing (at most once: a run that finds it mailing already does not mail again), and the counters move with
 * the step to done, conditioned on the chunk not being done, so a job run twice counts once.
 */
export interface ImportRow {
  row: number;
  email: string;
  /** The member's id: a new provisional id (import) or the member found (update). */
  userId: string;
  name?: string;
  phone?: string;
  /** Group ids (names resolved when the file was checked); absent = keep (update) or none (import). */
  groupIds?: string[];
  disabled?: boolean;
  /** ISO time. */
  expiresAt?: string;
  /** By custom field id. */
  customFields: Record<string, CustomFieldAnswer>;
}

export type ChunkState = 'pending' | 'mailing' | 'done';

export interface ImportChunk {
  index: number;
  state: ChunkState;
  rows: ImportRow[];
  /** When the run that mails this chunk began mailing (another run leaves it alone for a while). */
  mailingSince?: string;
}

export interface ImportRecord extends Omit<MemberImport, 'failures'> {
  teamId: string;
  chunkCount: number;
  chunksDone: number;
  /** The language of its mails, fixed when the import started (readerLanguage: imported members chose none, so the team's). */
  language: 'ja' | 'en';
}

/** The one scheduled job of an import: scheduling it again (the next batch) replaces a pending run. */
export const importJobId = (importId: string) => `memberImport-${importId}`;

const importPk = (teamId: string, importId: string) => teamKey(teamId, 'MEMBERIMPORT', assertId(importId, 'importId'));
const recordKey = (teamId: string, importId: string) => ({ pk: importPk(teamId, importId), sk: 'IMPORT' });
const chunkKey = (teamId: string, importId: string, index: number) => ({
  pk: importPk(teamId, importId),
  sk: `C#${String(index).padStart(5, '0')}`,
});
const failureKey = (teamId: string, importId: string, row: number) => ({
  pk: importPk(teamId, importId),
  sk: `F#${String(row).padStart(7, '0')}`,
});

const strip = <T>(item: Item): T => {
  const { pk: _pk, sk: _sk, type: _type, ...rest } = item;
  return rest as T;
};

/** The chunks first, then the record: a record is only ever seen with all of its rows. */
export async function putImport(record: ImportRecord, chunks: ImportChunk[]): Promise<void> {
  const items = chunks.map((c) => ({ ...chunkKey(record.teamId, record.importId, c.index), type: 'memberImportChunk', ...c }));
  // batchPut sends 25 a request one after another; the chunks are large, so their requests go out together.
  await Promise.all(Array.from({ length: Math.ceil(items.length / 25) }, (_, i) => batchPut(items.slice(i * 25, (i + 1) * 25))));
  await putItem({ ...recordKey(record.teamId, record.importId), type: 'memberImport', ...record }, { ifNotExists: true });
}

export async function getImportRecord(teamId: string, importId: string): Promise<ImportRecord | undefined> {
  const item = await getItem(recordKey(teamId, importId), true);
  return item ? strip<ImportRecord>(item) : undefined;
}

export async function getChunk(teamId: string, importId: string, index: number): Promise<ImportChunk | undefined> {
  const item = await getItem(chunkKey(teamId, importId, index), true);
  return item ? strip<ImportChunk>(item) : undefined;
}

/** pending -> mailing, once; false when another run moved it already (its mails are not sent again). */
export async function startMailing(teamId: string, importId: string, index: number, now: Date): Promise<boolean> {
  return stepState(chunkKey(teamId, importId, index), 'pending', { state: 'mailing', mailingSince: now.toISOString() });
}

/** Failed rows are plain puts by row number: writing one twice changes nothing. */
export async function putFailures(teamId: string, importId: string, failures: MemberImportFailure[]): Promise<void> {
  await batchPut(failures.map((f) => ({ ...failureKey(teamId, importId, f.row), type: 'memberImportFailure', ...f })));
}

/** The first failed rows, in row order (the summary shows at most this many). */
export async function listFailures(teamId: string, importId: string, limit = 200): Promise<MemberImportFailure[]> {
  const page = await query({ pk: importPk(teamId, importId), sk: { beginsWith: 'F#' }, limit });
  return page.items.map((i) => {
    const { row, email, code } = strip<MemberImportFailure>(i);
    return { row, email, code };
  });
}

/**
 * A change of counts done once per chunk (group member counts, answer counts), marked on the chunk as `part`:
 * a run that finds the mark does not count again. At most 98 count ops a part (a transaction holds 100).
 */
export async function countOnce(teamId: string, importId: string, index: number, part: number, ops: TransactOp[]): Promise<void> {
  const mark = `counted${part}`;
  try {
    await transact([
      {
        update: {
          key: chunkKey(teamId, importId, index),
          set: { [mark]: true },
          condition: 'attribute_not_exists(#mark)',
          names: { '#mark': mark },
        },
      },
      ...ops,
    ]);
  } catch (e) {
    // Only "already counted" is expected here; a missing group or field shows as the chunk's condition too,
    // so tell them apart by reading the mark.
    if (e instanceof ConditionFailedError) {
      const chunk = await getItem(chunkKey(teamId, importId, index), true);
      if (chunk?.[mark] === true) return;
    }
    throw e;
  }
}

/** The chunk's step to done and the import's counters, in one transaction that happens once. */
export async function finishChunk(
  record: Pick<ImportRecord, 'teamId' | 'importId' | 'chunkCount'>,
  index: number,
  counts: { done: number; created: number; updated: number; mailsSent: number },
  now: string,
): Promise<void> {
  const last = index === record.chunkCount - 1;
  try {
    await transact([
      {
        update: {
          key: chunkKey(record.teamId, record.importId, index),
          set: { state: 'done', rows: [] },
          condition: '#state <> :done',
          names: { '#state': 'state' },
          values: { ':done': 'done' },
        },
      },
      {
        update: {
          key: recordKey(record.teamId, record.importId),
          add: { ...counts, chunksDone: 1 },
          ...(last ? { set: { state: 'done', finishedAt: now } } : {}),
          condition: 'attribute_exists(pk)',
        },
      },
    ]);
  } catch (e) {
    if (e instanceof ConditionFailedError) return; // counted by an earlier run
    throw e;
  }
}

export const toMemberImport = (r: ImportRecord, failures: MemberImportFailure[]): MemberImport => ({
  importId: r.importId,
  mode: r.mode as MemberImportMode,
  state: r.state,
  total: r.total,
  done: r.done,
  created: r.created,
  updated: r.updated,
  mailsSent: r.mailsSent,
  failures,
  createdAt: r.createdAt,
  ...(r.finishedAt ? { finishedAt: r.finishedAt } : {}),
});
