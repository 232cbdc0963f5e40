import { ulid } from 'ulid';
import type {
  MemberTestResult,
  MemberTestView,
  QuizTest,
  TestAttemptDetail,
  TestAttemptSummary,
  TestRefusal,
} from '../../../shared/api/calls/test-quizzes';
import type { Page } from '../../../shared/api/page';
import { checkTestAnswers, checkUrlVariables, fillUrlVariables, gradeTest, type TestAnswers } from '../../../shared/rules/test-quiz';
import type { ErrorCode } from '../../../shared/errors';
import { AppError } from '../../core/http/app-error';
import { checkVersion, writeAtVersion, writeIfFound } from '../../core/conditional-write';
import { listCustomFields } from '../../core/entities/custom-field';
import { ConditionFailedError } from '../../platform/db';
import { firstReferrer, referrersOf } from '../../core/entities/content-references';
import { getMemberView } from '../member-view';
import { deleteTest, getAttempt, getTaker, getTest, listAttempts, listTests, putAttempt, putNewTest, replaceTest, type StoredAttempt, type TestTaker } from '../../core/entities/test-quiz';

/**
 * The operator's tests (SPEC §2 /admin/test) and a member taking one. The retest rules (SPEC §3), decided here:
 * `retest` off = one attempt; `stopRetestIfPassed` = no attempt after a pass; `retestLimit` N = N retests after the
 * first attempt (1 + N attempts). `testOnlyAfterVideo`: the member must have finished a video whose completion action
 * offers this test (the member view's finishCount); with no such video nobody may take it yet.
 */
type TestForm = Omit<QuizTest, 'testId' | 'createdAt' | 'updatedAt' | 'version'>;

const notFound = () => new AppError('test/not_found');

/** Optional texts saved only when they say something (an emptied field removes the value). */
function formOf(form: TestForm): TestForm {
  const text = (v: string | undefined) => (v?.trim() ? v.trim() : undefined);
  const out: TestForm = {
    title: form.title,
    questions: form.questions.map((q) => ({ ...q, ...(q.explanation?.trim() ? { explanation: q.explanation } : { explanation: undefined }) })),
    passStandard: form.passStandard,
    retest: form.retest,
    stopRetestIfPassed: form.stopRetestIfPassed,
    retestLimit: form.retest ? form.retestLimit : undefined,
    testOnlyAfterVideo: form.testOnlyAfterVideo,
    passShowExplanation: form.passShowExplanation,
    passButtonText: text(form.passButtonText),
    passButtonUrl: text(form.passButtonUrl),
    passNote: text(form.passNote),
    failShowAnswer: form.failShowAnswer,
    failShowExplanation: form.failShowExplanation,
  };
  for (const q of out.questions) if (q.explanation === undefined) delete q.explanation;
  for (const [k, v] of Object.entries(out)) if (v === undefined) delete (out as unknown as Record<string, unknown>)[k];
  return out;
}

/** The URL's variables must be known: the fixed ones and the team's custom fields by name. */
async function checkButtonUrl(teamId: string, form: TestForm): Promise<void> {
  if (!form.passButtonUrl) return;
  const names = (await listCustomFields(teamId)).map((f) => f.name);
  const problem = checkUrlVariables(form.passButtonUrl, names);
  if (problem) throw new AppError('common/invalid_input', { passButtonUrl: problem });
}

export async function getQuizTest(teamId: string, testId: string): Promise<QuizTest> {
  const test = await getTest(teamId, testId, true);
  if (!test) throw notFound();
  return test;
}

export const listQuizTests = listTests;

export async function createQuizTest(teamId: string, input: TestForm, now = new Date()): Promise<QuizTest> {
  const form = formOf(input);
  await checkButtonUrl(teamId, form);
  const at = now.toISOString();
  const test: QuizTest = { testId: ulid(now.getTime()), ...form, createdAt: at, updatedAt: at, version: 1 };
  await putNewTest(teamId, test);
  return test;
}

export async function updateQuizTest(teamId: string, testId: string, expectedVersion: number, input: TestForm, now = new Date()): Promise<QuizTest> {
  const before = await getQuizTest(teamId, testId);
  checkVersion(before, expectedVersion);
  const form = formOf(input);
  await checkButtonUrl(teamId, form);
  const test: QuizTest = { testId, ...form, createdAt: before.createdAt, updatedAt: now.toISOString(), version: before.version + 1 };
  await writeAtVersion(() => replaceTest(teamId, test, expectedVersion), () => getQuizTest(teamId, testId));
  return test;
}

/** SPEC §8: a test a video's completion action offers is kept (409 `deletion/test_in_use`). */
export async function removeQuizTest(teamId: string, testId: string): Promise<void> {
  await getQuizTest(teamId, testId);
  if (await firstReferrer(teamId, { type: 'test', id: testId })) throw new AppError('deletion/test_in_use');
  await writeIfFound(() => deleteTest(teamId, testId), 'test/not_found');
}

export async function listTestAttempts(teamId: string, testId: string, opts: { cursor?: string; limit: number }): Promise<Page<TestAttemptSummary>> {
  await getQuizTest(teamId, testId);
  return listAttempts(teamId, testId, opts);
}

export async function getTestAttempt(teamId: string, testId: string, attemptId: string): Promise<TestAttemptDetail> {
  await getQuizTest(teamId, testId);
  const attempt = await getAttempt(teamId, testId, attemptId);
  if (!attempt) throw new AppError('common/not_found');
  return attempt;
}

/** Who takes the test: what the button URL's variables are filled with. */
export interface TestTakerIdentity {
  userId: string;
  userName: string;
  teamName: string;
  customFields: Readonly<Record<string, string | number | boolean | readonly string[]>>;
}

/** Attempts still allowed by the retest rules (undefined: no limit). */
const attemptsAllowed = (test: QuizTest): number | undefined => (!test.retest ? 1 : test.retestLimit !== undefined ? 1 + test.retestLimit : undefined);

/** The retest rules' answer for the member's standing, before the video rule. */
export function retestRefusal(test: QuizTest, taker: TestTaker): TestRefusal | undefined {
  if (taker.attemptCount === 0) return undefined;
  if (taker.passed && test.stopRetestIfPassed) return 'test/already_passed';
  if (!test.retest) return 'test/retest_not_allowed';
  const allowed = attemptsAllowed(test);
  return allowed !== undefined && taker.attemptCount >= allowed ? 'test/retest_limit_reached' : undefined;
}

/** Has the member finished one of the videos offering this test (at most 100 looked at)? */
async function finishedOfferingVideo(teamId: string, testId: string, userId: string): Promise<boolean> {
  const videos = (await referrersOf(teamId, { type: 'test', id: testId })).filter((r) => r.type === 'video');
  const views = await Promise.all(videos.map((v) => getMemberView(teamId, userId, v.id)));
  return views.some((v) => (v?.finishCount ?? 0) > 0);
}

async function refusalFor(teamId: string, test: QuizTest, taker: TestTaker, userId: string): Promise<TestRefusal | undefined> {
  const retest = retestRefusal(test, taker);
  if (retest) return retest;
  if (test.testOnlyAfterVideo && !(await finishedOfferingVideo(teamId, test.testId, userId))) return 'test/video_not_finished';
  return undefined;
}

/** Custom fields by name (what `{custom.<name>}` names) with the member's answers, kept by field id. */
async function customByName(teamId: string, answers: TestTakerIdentity['customFields']) {
  const fields = await listCustomFields(teamId);
  return Object.fromEntries(fields.map((f) => [f.name, answers[f.fieldId]]));
}

/** What the member's result page shows of an attempt, as the test's pass or fail settings allow. */
async function resultOf(teamId: string, test: QuizTest, attempt: StoredAttempt, who: TestTakerIdentity): Promise<MemberTestResult> {
  const showExplanation = attempt.passed ? test.passShowExplanation : test.failShowExplanation;
  const showAnswer = !attempt.passed && test.failShowAnswer;
  const withButton = attempt.passed && test.passButtonText && test.passButtonUrl;
  return {
    attemptId: attempt.attemptId,
    answeredAt: attempt.answeredAt,
    passed: attempt.passed,
    score: attempt.score,
    questionCount: attempt.questionCount,
    passStandard: attempt.passStandard,
    questions: attempt.questions.map((q) => ({
      title: q.title,
      fieldName: q.fieldName,
      type: q.type,
      options: [...q.options],
      chosen: q.chosen,
      correct: q.correct,
      ...(showAnswer ? { correctAnswers: [...q.correctAnswers] } : {}),
      ...(showExplanation && q.explanation ? { explanation: q.explanation } : {}),
    })),
    ...(withButton
      ? {
          passButton: {
            text: test.passButtonText!,
            url: fillUrlVariables(test.passButtonUrl!, {
              teamId,
              teamName: who.teamName,
              userId: who.userId,
              userName: who.userName,
              custom: await customByName(teamId, who.customFields),
            }),
          },
        }
      : {}),
    ...(attempt.passed && test.passNote ? { passNote: test.passNote } : {}),
  };
}

/** The test to take: questions without correct answers or explanations, the member's standing and last result. */
export async function getMemberTest(teamId: string, testId: string, who: TestTakerIdentity): Promise<MemberTestView> {
  const test = await getTest(teamId, testId);
  if (!test) throw notFound();
  const taker = await getTaker(teamId, testId, who.userId);
  const refusal = await refusalFor(teamId, test, taker, who.userId);
  const last = taker.lastAttemptId ? await getAttempt(teamId, testId, taker.lastAttemptId) : undefined;
  const allowed = attemptsAllowed(test);
  return {
    testId,
    title: test.title,
    passStandard: test.passStandard,
    questions: test.questions.map((q) => ({ title: q.title, fieldName: q.fieldName, type: q.type, options: [...q.options] })),
    attemptCount: taker.attemptCount,
    ...(allowed !== undefined ? { attemptsLeft: Math.max(0, allowed - taker.attemptCount) } : {}),
    ...(refusal ? { refusal } : {}),
    ...(last ? { lastResult: await resultOf(teamId, test, last, who) } : {}),
  };
}

/**
 * Grades the member's answers and stores the attempt. The rules are read and the attempt written conditioned on
 * the same attempt count, so a second submission racing this one is refused (409 `common/concurrent_update`
 * would only come from a lost race; here it is answered with the rule it now breaks).
 */
export async function answerMemberTest(teamId: string, testId: string, answers: TestAnswers, who: TestTakerIdentity, now = new Date()): Promise<MemberTestResult> {
  const test = await getTest(teamId, testId, true);
  if (!test) throw notFound();
  for (let round = 0; ; round++) {
    const taker = await getTaker(teamId, testId, who.userId);
    const refusal = await refusalFor(teamId, test, taker, who.userId);
    if (refusal) throw new AppError(refusal);
    const issues = checkTestAnswers(test.questions, answers);
    if (issues.length) {
      const fields: Record<string, ErrorCode> = {};
      for (const i of issues) fields[i.path.join('.')] ??= i.code;
      throw new AppError('common/invalid_input', fields);
    }
    const graded = gradeTest(test.questions, answers, test.passStandard);
    const attempt: StoredAttempt = {
      attemptId: ulid(now.getTime()),
      testId,
      userId: who.userId,
      userName: who.userName,
      answeredAt: now.toISOString(),
      score: graded.score,
      questionCount: test.questions.length,
      passed: graded.passed,
      testTitle: test.title,
      passStandard: test.passStandard,
      questions: test.questions.map((q, i) => ({ ...q, options: [...q.options], correctAnswers: [...q.correctAnswers], chosen: [...(answers[q.fieldName] ?? [])], correct: graded.correct[i]! })),
    };
    try {
      await putAttempt(teamId, taker, attempt);
      return await resultOf(teamId, test, attempt, who);
    } catch (e) {
      // Another attempt was stored meanwhile: decide again on the new count.
      if (!(e instanceof ConditionFailedError) || round >= 2) throw e;
    }
  }
}
