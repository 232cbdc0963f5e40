import { ulid } from 'ulid';
import type { LibraryFile } from '../../../shared/api/calls/files';
import type { Page } from '../../../shared/api/page';
import { newestFirstPage } from '../http/cursor';
import { batchGet, ConditionFailedError, getItem, putItem, transact, type Item, type TransactOp } from '../../platform/db';
import { assertId, teamKey } from '../../platform/keys';

/**
 * The file library (SPEC §3 File). Keys:
 *   pk   T#<t>#FILE     sk F#<fileId>
 *   gsi1 T#<t>#FILE / <uploadedAt>#<fileId>        the list, newest first
 * `usageCount` moves only inside the transaction of the content item that starts or stops attaching the file
 * (`fileUsageOps`), and a delete is conditioned on it being 0, so "in use" and "deleted" cannot race.
 */
type FileRecord = Item & LibraryFile & { gsi1pk: string; gsi1sk: string };

const partition = (teamId: string) => teamKey(teamId, 'FILE');
const fileKey = (teamId: string, id: string) => ({ pk: partition(teamId), sk: `F#${assertId(id, 'fileId')}` });
const fromRecord = ({ pk: _pk, sk: _sk, type: _type, gsi1pk: _a, gsi1sk: _b, ...file }: FileRecord): LibraryFile => file;

export async function createLibraryFile(
  teamId: string,
  input: { key: string; name: string; sizeBytes: number; contentType: string },
  now = new Date(),
): Promise<LibraryFile> {
  const id = ulid(now.getTime());
  const file: LibraryFile = { id, ...input, uploadedAt: now.toISOString(), usageCount: 0 };
  await putItem({ ...fileKey(teamId, id), type: 'libraryFile', gsi1pk: partition(teamId), gsi1sk: `${file.uploadedAt}#${id}`, ...file }, { ifNotExists: true });
  return file;
}

export async function getLibraryFile(teamId: string, id: string, consistent = false): Promise<LibraryFile | undefined> {
  const record = await getItem<FileRecord>(fileKey(teamId, id), consistent);
  return record && fromRecord(record);
}

/** Several files in one BatchGet, in the order of `ids` (unknown ids left out). */
export async function getLibraryFiles(teamId: string, ids: readonly string[]): Promise<LibraryFile[]> {
  if (!ids.length) return [];
  const byId = new Map((await batchGet<FileRecord>([...new Set(ids)].map((id) => fileKey(teamId, id)))).map((r) => [r.id, fromRecord(r)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function listLibraryFiles(teamId: string, opts: { cursor?: string; limit: number }): Promise<Page<LibraryFile>> {
  return newestFirstPage(teamId, partition(teamId), opts, fromRecord);
}

/** Deletes an unused file: 'deleted', 'notFound', or 'inUse' while a content attaches it. Answers the file when deleted. */
export async function deleteLibraryFile(teamId: string, id: string): Promise<{ outcome: 'deleted'; file: LibraryFile } | { outcome: 'notFound' | 'inUse' }> {
  const before = await getLibraryFile(teamId, id, true);
  if (!before) return { outcome: 'notFound' };
  try {
    await transact([{ delete: fileKey(teamId, id), condition: 'attribute_exists(pk) AND usageCount = :zero', values: { ':zero': 0 } }]);
    return { outcome: 'deleted', file: before };
  } catch (e) {
    if (!(e instanceof ConditionFailedError)) throw e;
    return { outcome: (await getLibraryFile(teamId, id, true)) ? 'inUse' : 'notFound' };
  }
}

/**
 * For a content item's own transaction: the usage counts moving between the files it attached (`before`) and
 * attaches now (`after`); a newly attached file must exist (one deleted meanwhile fails the whole write).
 */
export function fileUsageOps(teamId: string, before: readonly string[], after: readonly string[]): TransactOp[] {
  const added = [...new Set(after)].filter((id) => !before.includes(id));
  const dropped = [...new Set(before)].filter((id) => !after.includes(id));
  return [
    ...added.map((id): TransactOp => ({ update: { key: fileKey(teamId, id), add: { usageCount: 1 }, condition: 'attribute_exists(pk)' } })),
    ...dropped.map((id): TransactOp => ({ update: { key: fileKey(teamId, id), add: { usageCount: -1 }, condition: 'attribute_exists(pk)' } })),
  ];
}
