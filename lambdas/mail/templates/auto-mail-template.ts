import type { AutoMailEvent, Language } from '../../../shared/constants';
import { atVersion, getItem, type Item, putItem, query } from '../../platform/db';
import { teamKey } from '../../platform/keys';

/**
 * A team's own version of one auto mail in one language (SPEC §3 Auto mail). Keys:
 *   pk T#<t>#AUTOMAIL   sk E#<event>#<language>     the team's 8 at most: the list is one Query
 * `subject`/`body` are absent while the platform's default text applies (never edited, or reset); the
 * row then only keeps the enabled switch. No row at all: default text, default switch.
 */
export interface StoredAutoMail {
  event: AutoMailEvent;
  language: Language;
  subject?: string;
  body?: string;
  enabled: boolean;
  updatedAt: string;
  version: number;
}

type AutoMailRecord = Item & StoredAutoMail;

const partition = (teamId: string) => teamKey(teamId, 'AUTOMAIL');
const autoMailKey = (teamId: string, event: AutoMailEvent, language: Language) => ({ pk: partition(teamId), sk: `E#${event}#${language}` });

const fromRecord = ({ pk: _pk, sk: _sk, type: _type, ...mail }: AutoMailRecord): StoredAutoMail => mail;

export async function getAutoMail(teamId: string, event: AutoMailEvent, language: Language, consistent = false): Promise<StoredAutoMail | undefined> {
  const record = await getItem<AutoMailRecord>(autoMailKey(teamId, event, language), consistent);
  return record && fromRecord(record);
}

export async function listAutoMails(teamId: string): Promise<StoredAutoMail[]> {
  const page = await query<AutoMailRecord>({ pk: partition(teamId), sk: { beginsWith: 'E#' }, limit: 50 });
  return page.items.map(fromRecord);
}

/**
 * Writes `mail` over the version `expectedVersion` (0: none saved yet, so the row must not exist).
 * ConditionFailedError when someone saved in between.
 */
export async function saveAutoMail(teamId: string, mail: StoredAutoMail, expectedVersion: number): Promise<void> {
  const item: AutoMailRecord = { ...autoMailKey(teamId, mail.event, mail.language), type: 'autoMail', ...mail };
  await putItem(item, expectedVersion === 0 ? { ifNotExists: true } : atVersion(expectedVersion));
}

