import useSWR from 'swr';
import * as enqueteCalls from '../../../../shared/api/calls/enquete';
import type { EnqueteAnswer } from '../../../../shared/api/calls/enquete';
import type { SurveyQuestion } from '../../../../shared/rules/survey';
import { callApi } from '../../lib/api';
import { teamScoped } from '../../lib/team-session';

/** Every page of the admin list (to revalidate after a change, whatever page is on screen). */
export const isEnqueteListKey = (key: unknown) => Array.isArray(key) && key[0] === enqueteCalls.enqueteListCall.path;

export function useEnqueteList(cursor: string | undefined, limit = 20) {
  return useSWR(teamScoped(enqueteCalls.enqueteListCall.path, cursor ?? '', limit), () => callApi(enqueteCalls.enqueteListCall, { cursor, limit }), { keepPreviousData: true });
}

export function useEnquete(enqueteId: string | undefined) {
  return useSWR(enqueteId ? teamScoped(enqueteCalls.enqueteGetCall.path, enqueteId) : null, () => callApi(enqueteCalls.enqueteGetCall, { enqueteId: enqueteId! }));
}

export function useEnqueteAnswers(enqueteId: string, cursor: string | undefined) {
  return useSWR(teamScoped(enqueteCalls.enqueteAnswerListCall.path, enqueteId, cursor ?? ''), () => callApi(enqueteCalls.enqueteAnswerListCall, { enqueteId, cursor, limit: 20 }), {
    keepPreviousData: true,
  });
}

/** The builder's values: what `surveySchema` checks. */
export interface EnqueteFormValues {
  title: string;
  questions: (Omit<SurveyQuestion, 'options'> & { options: string[] })[];
}

export const createEnquete = (form: EnqueteFormValues) => callApi(enqueteCalls.enqueteCreateCall, form);
export const updateEnquete = (enqueteId: string, version: number, form: EnqueteFormValues) => callApi(enqueteCalls.enqueteUpdateCall, { enqueteId, version, ...form });
export const deleteEnquete = (enqueteId: string) => callApi(enqueteCalls.enqueteDeleteCall, { enqueteId });

/** The CSV download reads at most this many answers (100 pages of 100): a bounded browser job. */
export const CSV_MAX_ANSWERS = 10_000;

/** Every answer for the CSV, newest first, paging the list call; `truncated` when more than CSV_MAX_ANSWERS exist. */
export async function allEnqueteAnswers(enqueteId: string): Promise<{ answers: EnqueteAnswer[]; truncated: boolean }> {
  const answers: EnqueteAnswer[] = [];
  let cursor: string | undefined;
  do {
    const page = await callApi(enqueteCalls.enqueteAnswerListCall, { enqueteId, cursor, limit: 100 });
    answers.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor && answers.length < CSV_MAX_ANSWERS);
  return { answers: answers.slice(0, CSV_MAX_ANSWERS), truncated: !!cursor };
}
