import type { Enquete, EnqueteAnswer } from '../../../shared/api/calls/enquete';
import type { Page } from '../../../shared/api/page';
import { newestFirstPage } from '../http/cursor';
import { getItem, type Item, putItem } from '../../platform/db';
import { assertId, teamKey } from '../../platform/keys';
import { listedEntity } from './listed-entity';

/**
 * Surveys (SPEC §3 Survey) and the members' answers. Keys:
 *   survey   pk T#<t>#ENQUETE#<enqueteId>         sk ENQUETE
 *            gsi1 T#<t>#ENQUETES / <createdAt>#<enqueteId>           admin list, newest first
 *   answer   pk T#<t>#ENQANSWER#<enqueteId>       sk U#<userId>      one per member: "answered?" is one GetItem
 *            gsi1 T#<t>#ENQANSWERS#<enqueteId> / <answeredAt>#<userId>   the answers page, newest first
 * Answers of a deleted survey stay behind; nothing reads them without the survey.
 */
type AnswerRecord = Item & EnqueteAnswer & { enqueteId: string; gsi1pk: string; gsi1sk: string };

const listPk = (teamId: string) => teamKey(teamId, 'ENQUETES');
const enqueteKey = (teamId: string, enqueteId: string) => ({ pk: teamKey(teamId, 'ENQUETE', assertId(enqueteId, 'enqueteId')), sk: 'ENQUETE' });
const answersPk = (teamId: string, enqueteId: string) => teamKey(teamId, 'ENQANSWERS', assertId(enqueteId, 'enqueteId'));
const answerKey = (teamId: string, enqueteId: string, userId: string) => ({
  pk: teamKey(teamId, 'ENQANSWER', assertId(enqueteId, 'enqueteId')),
  sk: `U#${assertId(userId, 'userId')}`,
});

const enquetes = listedEntity<Enquete>({ type: 'enquete', id: (e) => e.enqueteId, key: enqueteKey, listPk, title: (e) => e.title });
const answerOf = ({ pk: _pk, sk: _sk, type: _type, gsi1pk: _a, gsi1sk: _b, enqueteId: _e, ...answer }: AnswerRecord): EnqueteAnswer => answer;

export const getEnquete = enquetes.get;
export const putNewEnquete = enquetes.putNew;
/** Replaces the survey only while it still has `expectedVersion` (ConditionFailedError otherwise, or when gone). */
export const replaceEnquete = enquetes.replace;
/** ConditionFailedError when the survey does not exist. */
export const deleteEnquete = enquetes.remove;
export const listEnquetes = (teamId: string, opts: { cursor?: string; limit: number; query?: string }): Promise<Page<Enquete>> => enquetes.list(teamId, opts);

export async function getAnswer(teamId: string, enqueteId: string, userId: string): Promise<EnqueteAnswer | undefined> {
  const record = await getItem<AnswerRecord>(answerKey(teamId, enqueteId, userId), true);
  return record && answerOf(record);
}

/** The member's answer, replacing any earlier one of theirs (it then moves to the top of the newest-first list). */
export async function putAnswer(teamId: string, enqueteId: string, answer: EnqueteAnswer): Promise<void> {
  await putItem({
    ...answerKey(teamId, enqueteId, answer.userId),
    type: 'enqueteAnswer',
    gsi1pk: answersPk(teamId, enqueteId),
    gsi1sk: `${answer.answeredAt}#${answer.userId}`,
    enqueteId,
    ...answer,
  });
}

export async function listAnswers(teamId: string, enqueteId: string, opts: { cursor?: string; limit: number }): Promise<Page<EnqueteAnswer>> {
  return newestFirstPage(teamId, answersPk(teamId, enqueteId), opts, answerOf);
}

/** The login flow's question (SPEC §4 survey user): a registration survey is set and this member has not answered it. */
export async function registrationSurveyPending(teamId: string, userId: string, registrationEnqueteId: string | undefined): Promise<boolean> {
  if (!registrationEnqueteId) return false;
  const [enquete, answer] = await Promise.all([getEnquete(teamId, registrationEnqueteId), getAnswer(teamId, registrationEnqueteId, userId)]);
  return !!enquete && !answer;
}
