import useSWR from 'swr';
import * as testQuizzesCalls from '../../../../shared/api/calls/test-quizzes';
import type { TestInput } from '../../../../shared/rules/test-quiz';
import { callApi } from '../../lib/api';
import { teamScoped } from '../../lib/team-session';

/** Every page of the admin list (to revalidate after a change, whatever page is on screen). */
export const isTestListKey = (key: unknown) => Array.isArray(key) && key[0] === testQuizzesCalls.testListCall.path;

export function useTestList(cursor: string | undefined) {
  return useSWR(teamScoped(testQuizzesCalls.testListCall.path, cursor ?? ''), () => callApi(testQuizzesCalls.testListCall, { cursor, limit: 20 }), { keepPreviousData: true });
}

export function useTest(testId: string | undefined) {
  return useSWR(testId ? teamScoped(testQuizzesCalls.testGetCall.path, testId) : null, () => callApi(testQuizzesCalls.testGetCall, { testId: testId! }));
}

export function useTestAttempts(testId: string, cursor: string | undefined) {
  return useSWR(teamScoped(testQuizzesCalls.testAttemptListCall.path, testId, cursor ?? ''), () => callApi(testQuizzesCalls.testAttemptListCall, { testId, cursor, limit: 20 }), {
    keepPreviousData: true,
  });
}

export function useTestAttempt(testId: string, attemptId: string) {
  return useSWR(teamScoped(testQuizzesCalls.testAttemptGetCall.path, testId, attemptId), () => callApi(testQuizzesCalls.testAttemptGetCall, { testId, attemptId }));
}

export type TestFormInput = TestInput;

export const createTest = (form: TestFormInput) => callApi(testQuizzesCalls.testCreateCall, form);
export const updateTest = (testId: string, version: number, form: TestFormInput) => callApi(testQuizzesCalls.testUpdateCall, { testId, version, ...form });
export const deleteTest = (testId: string) => callApi(testQuizzesCalls.testDeleteCall, { testId });
