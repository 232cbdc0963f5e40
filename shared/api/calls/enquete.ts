import * as z from 'zod/mini';
import { callsOf } from '../define';
import { idSchema } from '../ids';
import { pageInput, type Page } from '../page';
import { surveySchema, type SurveyAnswers, type SurveyQuestion } from '../../rules/survey';
import { code, invalidValue } from '../../rules/issues';
import { versionSchema } from '../version';

const contentCall = callsOf('content');

/** SPEC §3 Survey (enquete) as the administrator builds it. */
export interface Enquete {
  enqueteId: string;
  title: string;
  questions: SurveyQuestion[];
  createdAt: string;
  updatedAt: string;
  /** Optimistic locking: an update names the version it was edited from. */
  version: number;
}

/** Where a member answers a survey: after registration (the site setting), at a video's end, or from a live. */
export const enqueteSources = ['registration', 'video', 'live'] as const;
export type EnqueteSource = (typeof enqueteSources)[number];

/** One member's answer (one per member and survey: answering again replaces it). */
export interface EnqueteAnswer {
  userId: string;
  /** The member's name when they answered. */
  userName: string;
  answers: SurveyAnswers;
  answeredAt: string;
  source: EnqueteSource;
  /** The video or live it was answered from. */
  sourceId?: string;
}

/** What a member reads of a survey: the questions, and when they answered it already. */
export interface MemberEnquete {
  enqueteId: string;
  title: string;
  questions: SurveyQuestion[];
  answeredAt?: string;
}

// SPEC §6: surveys are analysis and feedback (shared/permissions.ts maps the `enquete` area to it).
const permission = 'admin.analysis';
const enqueteIdInput = z.object({ enqueteId: idSchema }, invalidValue);

export const enqueteListInput = z.object(
  {
    ...pageInput(),
    /** Only those whose title contains it (width, case and kana folded): the operator's pickers search by title. */
    query: z._default(z.string(invalidValue).check(z.trim(), z.maxLength(100, code('validation/too_long'))), ''),
  },
  invalidValue,
);
/** SPEC §2 /admin/enquete: newest first. */
export const enqueteListCall = contentCall<typeof enqueteListInput, Page<Enquete>>()('/enquete/list', permission, enqueteListInput);

export const enqueteGetCall = contentCall<typeof enqueteIdInput, { enquete: Enquete }>()('/enquete/get', permission, enqueteIdInput);

export const enqueteCreateInput = surveySchema;
/** SPEC §2 /admin/enquete/create; §5 survey rules (shared/rules/survey.ts). */
export const enqueteCreateCall = contentCall<typeof enqueteCreateInput, { enquete: Enquete }>()('/enquete/create', permission, enqueteCreateInput);

export const enqueteUpdateInput = z.extend(surveySchema, { enqueteId: idSchema, version: versionSchema() });
/** SPEC §2 /admin/enquete/:enqueteId/edit. */
export const enqueteUpdateCall = contentCall<typeof enqueteUpdateInput, { enquete: Enquete }>()('/enquete/update', permission, enqueteUpdateInput);

/** 409 `deletion/survey_in_use` while the registration setting, a video's completion action or a live names it. */
export const enqueteDeleteCall = contentCall<typeof enqueteIdInput, Record<string, never>>()('/enquete/delete', permission, enqueteIdInput);

export const enqueteAnswerListInput = z.object({ enqueteId: idSchema, ...pageInput(20) }, invalidValue);
/** SPEC §2 /admin/enquete/:enqueteId/answer: newest first; the CSV download pages through it (100 a page). */
export const enqueteAnswerListCall = contentCall<typeof enqueteAnswerListInput, Page<EnqueteAnswer>>()('/enquete/answers', permission, enqueteAnswerListInput);

/** Longest text answer; a checkbox answer has at most as many labels as a question may have options. */
export const ENQUETE_ANSWER_MAX_LENGTH = 5000;
const answerText = z.string(invalidValue).check(z.maxLength(ENQUETE_ANSWER_MAX_LENGTH, code('validation/too_long')));
const answerValue = z.union([answerText, z.array(answerText, invalidValue).check(z.maxLength(100, invalidValue))], invalidValue);

/** The survey of `source` (the registration setting needs no id; a video or live names its own). */
const sourceInput = {
  source: z.enum(enqueteSources, invalidValue),
  sourceId: z.optional(idSchema),
};
const needsSourceId = (v: { source: EnqueteSource; sourceId?: string | undefined }) => v.source === 'registration' || !!v.sourceId;

export const memberEnqueteGetInput = z
  .object(sourceInput, invalidValue)
  .check(z.refine(needsSourceId, { path: ['sourceId'], error: 'validation/required' }));
/** The survey a member may answer there: 404 when there is none or the video or live is not theirs to open. */
export const memberEnqueteGetCall = contentCall<typeof memberEnqueteGetInput, { enquete: MemberEnquete }>()('/member_enquete/get', 'member', memberEnqueteGetInput);

export const memberEnqueteAnswerInput = z
  .object(
    {
      ...sourceInput,
      answers: z.record(z.string(invalidValue).check(z.maxLength(100, code('validation/too_long'))), answerValue, invalidValue),
    },
    invalidValue,
  )
  .check(z.refine(needsSourceId, { path: ['sourceId'], error: 'validation/required' }));
/**
 * Answers the survey of `source` (SPEC §5: every required question answered, choices from the options). One answer
 * per member and survey: answering again replaces the earlier one. Video and live answers notify the analysts.
 */
export const memberEnqueteAnswerCall = contentCall<typeof memberEnqueteAnswerInput, { answeredAt: string }>()('/member_enquete/answer', 'member', memberEnqueteAnswerInput);
