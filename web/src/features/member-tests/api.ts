import useSWR from 'swr';
import type { memberTestAnswerCall, memberTestGetCall } from '../../../../shared/api/calls/test-quizzes';
import { callApi, callRef } from '../../lib/api';
import { teamScoped } from '../../lib/team-session';

/** References only: member pages load no zod declarations. */
const calls = {
  get: callRef<typeof memberTestGetCall>('/member_test/get', 'member'),
  answer: callRef<typeof memberTestAnswerCall>('/member_test/answer', 'member'),
};

/** The test to take (no correct answers), the member's standing and last result. */
export function useMemberTest(testId: string) {
  return useSWR(teamScoped(calls.get.path, testId), () => callApi(calls.get, { testId }));
}

/** Graded on the server; the result shows what the test's pass or fail settings allow. */
export const answerTest = (testId: string, answers: Record<string, number[]>) => callApi(calls.answer, { testId, answers });
