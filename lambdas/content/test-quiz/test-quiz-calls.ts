import {
  memberTestAnswerCall,
  memberTestGetCall,
  testAttemptGetCall,
  testAttemptListCall,
  testCreateCall,
  testDeleteCall,
  testGetCall,
  testListCall,
  testUpdateCall,
} from '../../../shared/api/calls/test-quizzes';
import { implement, teamOf, type CallContext, type CallImpl } from '../../core/http/implement';
import {
  answerMemberTest,
  createQuizTest,
  getMemberTest,
  getQuizTest,
  getTestAttempt,
  listQuizTests,
  listTestAttempts,
  removeQuizTest,
  updateQuizTest,
  type TestTakerIdentity,
} from './test-quiz-service';
import { emitActivity } from '../../core/events/domain-events';

const takerOf = (ctx: CallContext): TestTakerIdentity => {
  const team = teamOf(ctx);
  return { userId: team.userId, userName: team.user.name, teamName: team.team.siteName, customFields: team.user.customFields ?? {} };
};

/** SPEC §2 /admin/test (list, create, edit, answers) and a member taking a test. */
export const testQuizCalls: CallImpl[] = [
  implement(testListCall, async ({ cursor, limit, query }, ctx) => listQuizTests(teamOf(ctx).teamId, { cursor, limit, query })),
  implement(testGetCall, async ({ testId }, ctx) => ({ test: await getQuizTest(teamOf(ctx).teamId, testId) })),
  implement(testCreateCall, async (form, ctx) => ({ test: await createQuizTest(teamOf(ctx).teamId, form) })),
  implement(testUpdateCall, async ({ testId, version, ...form }, ctx) => ({ test: await updateQuizTest(teamOf(ctx).teamId, testId, version, form) })),
  implement(testDeleteCall, async ({ testId }, ctx) => {
    await removeQuizTest(teamOf(ctx).teamId, testId);
    return {};
  }),
  implement(testAttemptListCall, async ({ testId, cursor, limit }, ctx) => listTestAttempts(teamOf(ctx).teamId, testId, { cursor, limit })),
  implement(testAttemptGetCall, async ({ testId, attemptId }, ctx) => ({ attempt: await getTestAttempt(teamOf(ctx).teamId, testId, attemptId) })),
  implement(memberTestGetCall, async ({ testId }, ctx) => ({ test: await getMemberTest(teamOf(ctx).teamId, testId, takerOf(ctx)) })),
  implement(memberTestAnswerCall, async ({ testId, answers }, ctx) => {
    const { teamId, userId } = teamOf(ctx);
    const result = await answerMemberTest(teamId, testId, answers, takerOf(ctx));
    // Analytics (issue 14): a test taken, and passed or not.
    await emitActivity({ teamId, at: new Date(result.answeredAt), userId, content: { type: 'test', id: testId }, counts: { testsTaken: 1, testsPassed: result.passed ? 1 : 0 } });
    return { result };
  }),
];
