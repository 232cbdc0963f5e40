import useSWR from 'swr';
import {
  testAttemptGetCall,
  testAttemptListCall,
  testCreateCall,
  testDeleteCall,
  testGetCall,
  testListCall,
  testUpdateCall,
} from '../../../../shared/api/calls/test-quizzes';
import type { TestInput } from '../../../../shared/rules/test-quiz';
import { callApi } from '../../lib/api';
import { teamScoped } from '../../lib/team-session';

/** Every page of the admin list (to revalidate after a change, whatever page is on screen). */
export const isTestListKey = (key: unknown) => Array.isArray(key) && key[0] === testListCall.path;

export function useTestList(cursor: string | undefined) {
  return useSWR(teamScoped(testListCall.path, cursor ?? ''), () => callApi(testListCall, { cursor, limit: 20 }), { keepPreviousData: true });
}

export function useTest(testId: string | undefined) {
  return useSWR(testId ? teamScoped(testGetCall.path, testId) : null, () => callApi(testGetCall, { testId: testId! }));
}

export function useTestAttempts(testId: string, cursor: string | undefined) {
  return useSWR(teamScoped(testAttemptListCall.path, testId, cursor ?? ''), () => callApi(testAttemptListCall, { testId, cursor, limit: 20 }), {
    keepPreviousData: true,
  });
}

export function useTestAttempt(testId: string, attemptId: string) {
  return useSWR(teamScoped(testAttemptGetCall.path, testId, attemptId), () => callApi(testAttemptGetCall, { testId, attemptId }));
}

export type TestFormInput = TestInput;

export const createTest = (form: TestFormInput) => callApi(testCreateCall, form);
export const updateTest = (testId: string, version: number, form: TestFormInput) => callApi(testUpdateCall, { testId, version, ...form });
export const deleteTest = (testId: string) => callApi(testDeleteCall, { testId });
