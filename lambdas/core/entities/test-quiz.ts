import type { AttemptQuestion, QuizTest, QuizTestSummary, TestAttemptSummary } from '../../../shared/api/calls/test-quizzes';
import type { Page } from '../../../shared/api/page';
import { newestFirstPage } from '../http/cursor';
import { getItem, type Item, transact } from '../../platform/db';
import { assertId, teamKey } from '../../platform/keys';
import { listedEntity } from './listed-entity';

/**
 * Tests (SPEC §3 Test) and the members' attempts (SPEC §4: passed or failed). Keys:
 *   test      pk T#<t>#TEST                         sk Q#<testId>
 *             gsi1 T#<t>#TEST / <createdAt>#<testId>           the admin list, newest first
 *   taker     pk T#<t>#TESTTAKER#<testId>           sk U#<userId>     attemptCount, passed, lastAttemptId
 *   attempt   pk T#<t>#TESTATTEMPT#<testId>         sk A#<attemptId>  (ULID: time order, so newest first is one Query)
 * An attempt and its taker row are written in one transaction conditioned on the taker's `attemptCount` as the
 * retest rules read it, so two submissions at once cannot both pass the rules. Attempts and takers of a deleted test
 * stay behind (nothing reads them without the test).
 */
/** The member's standing on one test. */
export interface TestTaker {
  attemptCount: number;
  passed: boolean;
  lastAttemptId?: string;
}

/** One attempt as stored: the questions as they were when answered, with the member's choices. */
export interface StoredAttempt extends TestAttemptSummary {
  testTitle: string;
  passStandard: number;
  questions: AttemptQuestion[];
}

type TakerRecord = Item & TestTaker;
type AttemptRecord = Item & StoredAttempt;

const partition = (teamId: string) => teamKey(teamId, 'TEST');
const testKey = (teamId: string, testId: string) => ({ pk: partition(teamId), sk: `Q#${assertId(testId, 'testId')}` });
const takerKey = (teamId: string, testId: string, userId: string) => ({
  pk: teamKey(teamId, 'TESTTAKER', assertId(testId, 'testId')),
  sk: `U#${assertId(userId, 'userId')}`,
});
const attemptPk = (teamId: string, testId: string) => teamKey(teamId, 'TESTATTEMPT', assertId(testId, 'testId'));
const attemptKey = (teamId: string, testId: string, attemptId: string) => ({
  pk: attemptPk(teamId, testId),
  sk: `A#${assertId(attemptId, 'attemptId')}`,
});

const tests = listedEntity<QuizTest>({ type: 'test', id: (t) => t.testId, key: testKey, listPk: partition, title: (t) => t.title });
export const summaryOf = (t: QuizTest): QuizTestSummary => ({
  testId: t.testId,
  title: t.title,
  questionCount: t.questions.length,
  passStandard: t.passStandard,
  createdAt: t.createdAt,
  updatedAt: t.updatedAt,
});

export const getTest = tests.get;
export const putNewTest = tests.putNew;
/** Replaces the test only while it still has `expectedVersion` (ConditionFailedError otherwise, or when gone). */
export const replaceTest = tests.replace;
/** ConditionFailedError when the test does not exist. */
export const deleteTest = tests.remove;
/** The admin list: one Query a page, newest first. */
export const listTests = (teamId: string, opts: { cursor?: string; limit: number; query?: string }): Promise<Page<QuizTestSummary>> =>
  tests.list(teamId, opts, summaryOf);

export async function getTaker(teamId: string, testId: string, userId: string): Promise<TestTaker> {
  const record = await getItem<TakerRecord>(takerKey(teamId, testId, userId), true);
  return { attemptCount: record?.attemptCount ?? 0, passed: record?.passed ?? false, ...(record?.lastAttemptId ? { lastAttemptId: record.lastAttemptId } : {}) };
}

/**
 * Stores the attempt and moves the taker on, only if the taker still has `before.attemptCount` attempts
 * (ConditionFailedError when another attempt came in meanwhile).
 */
export async function putAttempt(teamId: string, before: TestTaker, attempt: StoredAttempt): Promise<void> {
  const key = takerKey(teamId, attempt.testId, attempt.userId);
  const taker: TakerRecord = {
    ...key,
    type: 'testTaker',
    attemptCount: before.attemptCount + 1,
    // A pass stays a pass: a later failed retest does not take it back.
    passed: before.passed || attempt.passed,
    lastAttemptId: attempt.attemptId,
  };
  await transact([
    { put: { ...attemptKey(teamId, attempt.testId, attempt.attemptId), type: 'testAttempt', ...attempt }, ifNotExists: true },
    before.attemptCount === 0
      ? { put: taker, ifNotExists: true }
      : { put: taker, condition: '#count = :count', names: { '#count': 'attemptCount' }, values: { ':count': before.attemptCount } },
  ]);
}

const attemptOf = ({ pk: _pk, sk: _sk, type: _type, ...attempt }: AttemptRecord): StoredAttempt => attempt;

export async function getAttempt(teamId: string, testId: string, attemptId: string): Promise<StoredAttempt | undefined> {
  const record = await getItem<AttemptRecord>(attemptKey(teamId, testId, attemptId), true);
  return record && attemptOf(record);
}

/** A test's attempts, newest first: one Query a page. */
export async function listAttempts(teamId: string, testId: string, opts: { cursor?: string; limit: number }): Promise<Page<TestAttemptSummary>> {
  return newestFirstPage(teamId, attemptPk(teamId, testId), opts, (r: AttemptRecord) => {
    const { testTitle: _t, passStandard: _p, questions: _q, ...summary } = attemptOf(r);
    return summary;
  }, 'table');
}
