import * as z from 'zod/mini';
import { callsOf } from '../define';
import { idSchema } from '../ids';
import { pageInput, type Page } from '../page';
import { testSchema, type TestQuestion } from '../../rules/test-quiz';
import { code, invalidValue } from '../../rules/issues';
import { versionSchema } from '../version';

const contentCall = callsOf('content');

/**
 * SPEC §3 Test as the administrator edits it. Retest rules: `retest` off = one attempt; `stopRetestIfPassed` =
 * no attempt after a pass; `retestLimit` N = N retests after the first attempt (1 + N attempts in all), none = no limit.
 */
export interface QuizTest {
  testId: string;
  title: string;
  questions: TestQuestion[];
  passStandard: number;
  retest: boolean;
  stopRetestIfPassed: boolean;
  retestLimit?: number;
  testOnlyAfterVideo: boolean;
  passShowExplanation: boolean;
  passButtonText?: string;
  /** May hold {teamId} {teamName} {userId} {userName} {custom.<field name>} (shared/rules/test-quiz.ts). */
  passButtonUrl?: string;
  passNote?: string;
  failShowAnswer: boolean;
  failShowExplanation: boolean;
  createdAt: string;
  updatedAt: string;
  /** Optimistic locking: an update names the version it was edited from. */
  version: number;
}

/** A row of the admin list. */
export interface QuizTestSummary {
  testId: string;
  title: string;
  questionCount: number;
  passStandard: number;
  createdAt: string;
  updatedAt: string;
}

/** One stored attempt (SPEC §4 test attempt: passed or failed) as the admin answers list shows it. */
export interface TestAttemptSummary {
  attemptId: string;
  testId: string;
  userId: string;
  userName: string;
  answeredAt: string;
  score: number;
  questionCount: number;
  passed: boolean;
}

/** A question of an attempt as it was when answered, with the member's choice. */
export interface AttemptQuestion extends TestQuestion {
  chosen: number[];
  correct: boolean;
}

export interface TestAttemptDetail extends TestAttemptSummary {
  testTitle: string;
  passStandard: number;
  questions: AttemptQuestion[];
}

/** A question as a member sees it before answering: no correct answers, no explanation. */
export interface MemberTestQuestion {
  title: string;
  fieldName: string;
  type: 'radio' | 'checkbox';
  options: string[];
}

/** A graded question on the member's result page; `correctAnswers` and `explanation` only as the settings allow. */
export interface MemberResultQuestion extends MemberTestQuestion {
  chosen: number[];
  correct: boolean;
  correctAnswers?: number[];
  explanation?: string;
}

/** The member's result page (one attempt). */
export interface MemberTestResult {
  attemptId: string;
  answeredAt: string;
  passed: boolean;
  score: number;
  questionCount: number;
  passStandard: number;
  questions: MemberResultQuestion[];
  /** On a pass: the button with its variables filled in (URL-encoded values). */
  passButton?: { text: string; url: string };
  passNote?: string;
}

/** Why the member may not take the test now (the retest rules, the video), or nothing when they may. */
export type TestRefusal = 'test/retest_not_allowed' | 'test/retest_limit_reached' | 'test/already_passed' | 'test/video_not_finished';

export interface MemberTestView {
  testId: string;
  title: string;
  passStandard: number;
  questions: MemberTestQuestion[];
  attemptCount: number;
  /** Attempts still allowed, when the test limits them. */
  attemptsLeft?: number;
  refusal?: TestRefusal;
  lastResult?: MemberTestResult;
}

// SPEC §6: tests are analysis (shared/permissions.ts maps the `test` area to admin.analysis).
const permission = 'admin.analysis';
const testIdInput = z.object({ testId: idSchema }, invalidValue);

export const testListInput = z.object(
  {
    ...pageInput(),
    /** Only those whose title contains it (width, case and kana folded): the operator's pickers search by title. */
    query: z._default(z.string(invalidValue).check(z.trim(), z.maxLength(100, code('validation/too_long'))), ''),
  },
  invalidValue,
);
/** SPEC §2 /admin/test: newest first. */
export const testListCall = contentCall<typeof testListInput, Page<QuizTestSummary>>()('/test/list', permission, testListInput);

export const testGetCall = contentCall<typeof testIdInput, { test: QuizTest }>()('/test/get', permission, testIdInput);

export const testCreateInput = testSchema;
/** SPEC §2 /admin/test/create; §5 name, questions, options, correct answer, pass standard required. */
export const testCreateCall = contentCall<typeof testCreateInput, { test: QuizTest }>()('/test/create', permission, testCreateInput);

export const testUpdateInput = z.extend(testSchema, { testId: idSchema, version: versionSchema() });
/** SPEC §2 /admin/test/:testId/edit. */
export const testUpdateCall = contentCall<typeof testUpdateInput, { test: QuizTest }>()('/test/update', permission, testUpdateInput);

/** A test a video's completion action names cannot be deleted (409 `deletion/test_in_use`). */
export const testDeleteCall = contentCall<typeof testIdInput, Record<string, never>>()('/test/delete', permission, testIdInput);

export const testAttemptListInput = z.object({ testId: idSchema, ...pageInput() }, invalidValue);
/** SPEC §2 /admin/test/:testId/answer: the attempts, newest first. */
export const testAttemptListCall = contentCall<typeof testAttemptListInput, Page<TestAttemptSummary>>()('/test/answer/list', permission, testAttemptListInput);

export const testAttemptGetInput = z.object({ testId: idSchema, attemptId: idSchema }, invalidValue);
/** SPEC §2 /admin/test/:testId/answer/:answerId/detail. */
export const testAttemptGetCall = contentCall<typeof testAttemptGetInput, { attempt: TestAttemptDetail }>()('/test/answer/get', permission, testAttemptGetInput);

/** The test to take, without correct answers or explanations, with the member's standing and last result. */
export const memberTestGetCall = contentCall<typeof testIdInput, { test: MemberTestView }>()('/member_test/get', 'member', testIdInput);

export const memberTestAnswerInput = z.object(
  {
    testId: idSchema,
    /** Chosen option indexes by question field name. */
    answers: z.record(z.string(invalidValue).check(z.maxLength(100, code('validation/too_long'))), z.array(z.number(invalidValue), invalidValue), invalidValue),
  },
  invalidValue,
);
/** Grades the answers on the server and stores the attempt; refused per the retest rules and the video. */
export const memberTestAnswerCall = contentCall<typeof memberTestAnswerInput, { result: MemberTestResult }>()('/member_test/answer', 'member', memberTestAnswerInput);
