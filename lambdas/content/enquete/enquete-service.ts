import { ulid } from 'ulid';
import type { Enquete, EnqueteAnswer, EnqueteSource, MemberEnquete } from '../../../shared/api/calls/enquete';
import type { LiveFields } from '../../../shared/api/calls/lives';
import type { Page } from '../../../shared/api/page';
import { checkSurveyAnswers, isChoiceQuestion, type SurveyAnswers, type SurveyQuestion } from '../../../shared/rules/survey';
import type { ErrorCode } from '../../../shared/errors';
import { AppError } from '../../core/http/app-error';
import { checkVersion, writeAtVersion, writeIfFound } from '../../core/conditional-write';
import { getSiteSettings } from '../../core/entities/site-settings';
import { firstItemWithField } from '../../core/entities/content-item';
import { itemAccess } from '../items/member-content';
import { canOpenVideo, type Viewer } from '../../core/access/member-video-access';
import { getVideo, videoOfferingEnquete } from '../../core/entities/video';
import { deleteEnquete, getAnswer, getEnquete, listAnswers, listEnquetes, putAnswer, putNewEnquete, replaceEnquete } from '../../core/entities/enquete';
import { noticeEnqueteAnswer } from './enquete-notice';

/** The builder's form, as `surveySchema` checked it. */
export interface EnqueteForm {
  title: string;
  questions: SurveyQuestion[];
}

/**
 * A survey or an answer is one table item (at most 400 KB): the rules bound each text, not how many there are, so
 * the whole is held well under the limit here (400 naming the list rather than a failed write).
 */
const MAX_STORED_BYTES = 300_000;
const tooLarge = (value: unknown) => Buffer.byteLength(JSON.stringify(value)) > MAX_STORED_BYTES;

/** Text questions keep no options, so an edited type leaves nothing stale behind. */
const formOf = (form: EnqueteForm): EnqueteForm => {
  if (tooLarge(form.questions)) throw new AppError('common/invalid_input', { questions: 'validation/too_long' });
  return formOfChecked(form);
};
const formOfChecked = (form: EnqueteForm): EnqueteForm => ({
  title: form.title,
  questions: form.questions.map((q) => ({
    title: q.title,
    fieldName: q.fieldName,
    type: q.type,
    required: q.required,
    options: isChoiceQuestion(q.type) ? [...q.options] : [],
  })),
});

export async function getEnqueteItem(teamId: string, enqueteId: string): Promise<Enquete> {
  const enquete = await getEnquete(teamId, enqueteId, true);
  if (!enquete) throw new AppError('common/not_found');
  return enquete;
}

export const listEnqueteItems = listEnquetes;

export async function createEnquete(teamId: string, form: EnqueteForm, now = new Date()): Promise<Enquete> {
  const at = now.toISOString();
  const enquete: Enquete = { enqueteId: ulid(now.getTime()), ...formOf(form), createdAt: at, updatedAt: at, version: 1 };
  await putNewEnquete(teamId, enquete);
  return enquete;
}


export async function updateEnquete(teamId: string, enqueteId: string, expectedVersion: number, form: EnqueteForm, now = new Date()): Promise<Enquete> {
  const before = await getEnqueteItem(teamId, enqueteId);
  checkVersion(before, expectedVersion);
  const enquete: Enquete = { ...before, ...formOf(form), updatedAt: now.toISOString(), version: before.version + 1 };
  await writeAtVersion(() => replaceEnquete(teamId, enquete, expectedVersion), () => getEnqueteItem(teamId, enqueteId));
  return enquete;
}

/**
 * SPEC §8: a survey the registration setting, a video's completion action or a live names is kept (409). The video
 * and live checks are Queries of the team's lists filtered on the id (see `videoOfferingEnquete`).
 */
export async function removeEnquete(teamId: string, enqueteId: string): Promise<void> {
  await getEnqueteItem(teamId, enqueteId);
  const settings = await getSiteSettings(teamId);
  const inUse =
    settings.registrationEnqueteId === enqueteId ||
    (await videoOfferingEnquete(teamId, enqueteId)) !== undefined ||
    (await firstItemWithField(teamId, 'live', 'enqueteId', enqueteId)) !== undefined;
  if (inUse) throw new AppError('deletion/survey_in_use');
  await writeIfFound(() => deleteEnquete(teamId, enqueteId));
}

export async function listEnqueteAnswers(teamId: string, enqueteId: string, opts: { cursor?: string; limit: number }): Promise<Page<EnqueteAnswer>> {
  await getEnqueteItem(teamId, enqueteId);
  return listAnswers(teamId, enqueteId, opts);
}

/** Who answers: a member of the team (with the groups the video and live access read). */
export interface Respondent extends Viewer {
  userId: string;
  name: string;
}

/** Where the survey is answered from, with what the notice tells of it. */
interface Placement {
  enquete: Enquete;
  source: EnqueteSource;
  sourceId?: string;
  sourceTitle?: string;
}

const notFound = () => new AppError('common/not_found');

/**
 * The survey a member may answer from `source`: the team's registration survey, the survey a video they may open
 * offers at its end, or the survey of a live they may see. Anything else is 404, revealing nothing.
 */
async function placementOf(teamId: string, who: Respondent, source: EnqueteSource, sourceId: string | undefined, now: Date): Promise<Placement> {
  let enqueteId: string | undefined;
  let sourceTitle: string | undefined;
  if (source === 'registration') {
    enqueteId = (await getSiteSettings(teamId)).registrationEnqueteId;
  } else if (source === 'video') {
    const video = sourceId ? await getVideo(teamId, sourceId) : undefined;
    if (!video || !canOpenVideo(video, who, now) || video.completionAction !== 'survey') throw notFound();
    enqueteId = video.enqueteId;
    sourceTitle = video.title;
  } else {
    const decided = sourceId ? await itemAccess(teamId, 'live', sourceId, { kind: 'member', role: who.role, groupIds: who.groupIds }, who.userId, now) : undefined;
    if (!decided) throw notFound();
    enqueteId = (decided.item.fields as LiveFields).enqueteId;
    sourceTitle = decided.item.title;
  }
  const enquete = enqueteId ? await getEnquete(teamId, enqueteId) : undefined;
  if (!enquete) throw notFound();
  return { enquete, source, ...(source !== 'registration' ? { sourceId, sourceTitle } : {}) };
}

export async function memberEnquete(teamId: string, who: Respondent, source: EnqueteSource, sourceId: string | undefined, now = new Date()): Promise<MemberEnquete> {
  const { enquete } = await placementOf(teamId, who, source, sourceId, now);
  const answer = await getAnswer(teamId, enquete.enqueteId, who.userId);
  return {
    enqueteId: enquete.enqueteId,
    title: enquete.title,
    questions: enquete.questions,
    ...(answer ? { answeredAt: answer.answeredAt } : {}),
  };
}

/** Only the survey's questions are kept, text answers trimmed; checkbox labels in the options' order. */
function keptAnswers(questions: readonly SurveyQuestion[], answers: SurveyAnswers): SurveyAnswers {
  const kept: SurveyAnswers = {};
  for (const q of questions) {
    const a = answers[q.fieldName];
    if (a === undefined) continue;
    kept[q.fieldName] = Array.isArray(a) ? q.options.filter((o) => a.includes(o)) : a.trim();
  }
  return kept;
}

/** SPEC §5 answers; one per member and survey, a new one replacing the earlier (a re-watched video asks again). */
export async function answerEnquete(
  teamId: string,
  who: Respondent,
  source: EnqueteSource,
  sourceId: string | undefined,
  answers: SurveyAnswers,
  now = new Date(),
): Promise<{ answeredAt: string }> {
  const placement = await placementOf(teamId, who, source, sourceId, now);
  const { enquete } = placement;
  const issues = checkSurveyAnswers(enquete.questions, answers);
  if (issues.length) {
    const fields: Record<string, ErrorCode> = {};
    for (const issue of issues) fields[issue.path.join('.')] ??= issue.code;
    throw new AppError('common/invalid_input', fields);
  }
  if (tooLarge(answers)) throw new AppError('common/invalid_input', { answers: 'validation/too_long' });
  const answer: EnqueteAnswer = {
    userId: who.userId,
    userName: who.name,
    answers: keptAnswers(enquete.questions, answers),
    answeredAt: now.toISOString(),
    source,
    ...(placement.sourceId ? { sourceId: placement.sourceId } : {}),
  };
  await putAnswer(teamId, enquete.enqueteId, answer);
  if (placement.source !== 'registration') {
    await noticeEnqueteAnswer(teamId, {
      kind: placement.source,
      enquete,
      answer,
      sourceId: placement.sourceId!,
      sourceTitle: placement.sourceTitle ?? '',
      noticeId: ulid(now.getTime()),
    });
  }
  return { answeredAt: answer.answeredAt };
}
