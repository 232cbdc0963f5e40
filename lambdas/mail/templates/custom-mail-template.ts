import type { CustomMailTemplate } from '../../../shared/api/calls/mail-templates';
import type { Page } from '../../../shared/api/page';
import type { AutoMailEvent } from '../../../shared/constants';
import { queryPage } from '../../core/http/cursor';
import { atVersion, batchGet, getItem, type Item, query, transact, type TransactOp } from '../../platform/db';
import { assertId, teamKey } from '../../platform/keys';

/**
 * Custom auto mails (SPEC §3: title, event type, objects, subject, body, status) and their object references.
 *   template   pk T#<t>#CUSTOMMAIL                         sk C#<customMailTemplateId>   list: newest first (ULIDs)
 *   reference  pk T#<t>#CUSTOMMAILREF#<eventType>#<objectId>  sk C#<customMailTemplateId>
 * An event finds the custom mails of its type naming one of its objects with one Query per object, never a
 * Scan. The references are rewritten in the same transaction as the template, so they never disagree with it.
 */
type TemplateRecord = Item & CustomMailTemplate;
type ReferenceRecord = Item & { customMailTemplateId: string };

const partition = (teamId: string) => teamKey(teamId, 'CUSTOMMAIL');
const templateKey = (teamId: string, id: string) => ({ pk: partition(teamId), sk: `C#${assertId(id, 'customMailTemplateId')}` });
const referencePartition = (teamId: string, eventType: AutoMailEvent, objectId: string) =>
  teamKey(teamId, 'CUSTOMMAILREF', eventType, assertId(objectId, 'objectId'));
const referenceKey = (teamId: string, eventType: AutoMailEvent, objectId: string, id: string) => ({
  pk: referencePartition(teamId, eventType, objectId),
  sk: `C#${assertId(id, 'customMailTemplateId')}`,
});

const fromRecord = ({ pk: _pk, sk: _sk, type: _type, ...template }: TemplateRecord): CustomMailTemplate => template;

const referenceOps = (teamId: string, t: Pick<CustomMailTemplate, 'customMailTemplateId' | 'eventType' | 'objectIds'>, op: 'put' | 'delete'): TransactOp[] =>
  t.objectIds.map((objectId) => {
    const key = referenceKey(teamId, t.eventType, objectId, t.customMailTemplateId);
    return op === 'put'
      ? { put: { ...key, type: 'customMailRef', customMailTemplateId: t.customMailTemplateId } }
      : { delete: key };
  });

/** The references that change between `before` and `after` (an unchanged object's row stays). */
function referenceChanges(teamId: string, before: CustomMailTemplate | undefined, after: CustomMailTemplate | undefined): TransactOp[] {
  const kept = new Set(before && after ? before.objectIds.filter((o) => before.eventType === after.eventType && after.objectIds.includes(o)) : []);
  const removed = before ? { ...before, objectIds: before.objectIds.filter((o) => !kept.has(o)) } : undefined;
  const added = after ? { ...after, objectIds: after.objectIds.filter((o) => !kept.has(o)) } : undefined;
  return [...(removed ? referenceOps(teamId, removed, 'delete') : []), ...(added ? referenceOps(teamId, added, 'put') : [])];
}

export async function getCustomMail(teamId: string, id: string, consistent = false): Promise<CustomMailTemplate | undefined> {
  const record = await getItem<TemplateRecord>(templateKey(teamId, id), consistent);
  return record && fromRecord(record);
}

export async function listCustomMails(teamId: string, opts: { cursor?: string; limit: number }): Promise<Page<CustomMailTemplate>> {
  return queryPage(teamId, { pk: partition(teamId), sk: { beginsWith: 'C#' }, ascending: false, limit: opts.limit, cursor: opts.cursor }, fromRecord);
}

export async function putNewCustomMail(teamId: string, template: CustomMailTemplate): Promise<void> {
  await transact([
    { put: { ...templateKey(teamId, template.customMailTemplateId), type: 'customMail', ...template }, ifNotExists: true },
    ...referenceChanges(teamId, undefined, template),
  ]);
}

/** Replaces `before` (still at its version, else ConditionFailedError) with `after`, references included. */
export async function replaceCustomMail(teamId: string, before: CustomMailTemplate, after: CustomMailTemplate): Promise<void> {
  await transact([
    { put: { ...templateKey(teamId, after.customMailTemplateId), type: 'customMail', ...after }, ...atVersion(before.version) },
    ...referenceChanges(teamId, before, after),
  ]);
}

/** Deletes the template at its version (ConditionFailedError when gone or changed meanwhile) and its references. */
export async function deleteCustomMail(teamId: string, template: CustomMailTemplate): Promise<void> {
  await transact([{ delete: templateKey(teamId, template.customMailTemplateId), ...atVersion(template.version) }, ...referenceChanges(teamId, template, undefined)]);
}

/** The custom mails of `eventType` that name one of `objectIds` (each once), whatever their switch. */
export async function customMailsFor(teamId: string, eventType: AutoMailEvent, objectIds: readonly string[]): Promise<CustomMailTemplate[]> {
  const ids = new Set<string>();
  for (const objectId of new Set(objectIds)) {
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await query<ReferenceRecord>({ pk: referencePartition(teamId, eventType, objectId), limit: 100, startKey });
      for (const r of page.items) ids.add(r.customMailTemplateId);
      startKey = page.lastKey;
    } while (startKey);
  }
  if (!ids.size) return [];
  const records = await batchGet<TemplateRecord>([...ids].map((id) => templateKey(teamId, id)));
  return records.map(fromRecord).sort((a, b) => a.customMailTemplateId.localeCompare(b.customMailTemplateId));
}
