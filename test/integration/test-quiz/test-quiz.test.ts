import '../support/platform-env';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import * as testQuizzesCalls from '../../../shared/api/calls/test-quizzes';
import type { MemberTestResult, MemberTestView, QuizTest, QuizTestSummary, TestAttemptDetail, TestAttemptSummary } from '../../../shared/api/calls/test-quizzes';
import { createCustomFieldCall } from '../../../shared/api/calls/custom-fields';
import { createVideoCall, deleteVideoCall, getVideoCall, updateVideoCall } from '../../../shared/api/calls/videos';
import { getMemberVideoCall, recordMemberVideoProgressCall, type MemberVideoAnswer } from '../../../shared/api/calls/member-videos';
import type { Page } from '../../../shared/api/page';
import { readyVideo } from '../content/ready-videos';
import { newAdmin, newOperator, newPerson, type Person } from '../members/fixtures';
import { call } from '../support/api';

let alpha: Person;
let beta: Person;
let member: Person;

const publicForm = (title: string) => ({ title, overview: '', status: 'public', releasedAt: '2024-01-01T00:00:00Z' });

/** Two questions: a radio (Tokyo) and a checkbox (red and blue). */
const baseTest = (over: Record<string, unknown> = {}) => ({
  title: 'Safety check',
  questions: [
    { title: 'Capital of Japan?', fieldName: 'capital', type: 'radio', options: ['Tokyo', 'Osaka'], correctAnswers: [0], explanation: 'Tokyo since 1869.' },
    { title: 'Primary colours?', fieldName: 'colours', type: 'checkbox', options: ['Red', 'Green', 'Blue'], correctAnswers: [0, 2], explanation: 'Red and blue.' },
  ],
  passStandard: 2,
  ...over,
});
const allRight = { capital: [0], colours: [0, 2] };
const oneWrong = { capital: [1], colours: [0, 2] };

const createTest = async (who: Person, over: Record<string, unknown> = {}): Promise<QuizTest> => {
  const res = await call(testQuizzesCalls.testCreateCall, { ...who.ctx, ...baseTest(over) }, who.token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body as { test: QuizTest }).test;
};
const take = (who: Person, testId: string, answers: Record<string, number[]>) => call(testQuizzesCalls.memberTestAnswerCall, { ...who.ctx, testId, answers }, who.token);
const result = async (who: Person, testId: string, answers: Record<string, number[]>): Promise<MemberTestResult> => {
  const res = await take(who, testId, answers);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body as { result: MemberTestResult }).result;
};
const memberView = async (who: Person, testId: string): Promise<MemberTestView> => {
  const res = await call(testQuizzesCalls.memberTestGetCall, { ...who.ctx, testId }, who.token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body as { test: MemberTestView }).test;
};
const refusedWith = async (who: Person, testId: string, answers: Record<string, number[]>, code: string, status = 409) => {
  const res = await take(who, testId, answers);
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.error?.code).toBe(code);
};

beforeAll(async () => {
  [alpha, beta] = await Promise.all([newOperator('Tests Alpha'), newOperator('Tests Beta')]);
  member = await newPerson(alpha.teamId, { name: 'Hanako' });
});

describe('admin tests', () => {
  it('creates, lists newest first, gets, updates under a version and deletes', async () => {
    const first = await createTest(alpha, { title: 'First' });
    const second = await createTest(alpha, { title: 'Second', retest: false });
    expect(first).toMatchObject({ title: 'First', passStandard: 2, retest: true, stopRetestIfPassed: false, testOnlyAfterVideo: false, failShowAnswer: false, version: 1 });
    const list = await call(testQuizzesCalls.testListCall, alpha.ctx, alpha.token);
    const items = (list.body as Page<QuizTestSummary>).items;
    expect(items.map((t) => t.testId).slice(0, 2)).toEqual([second.testId, first.testId]);
    expect(items[0]).toMatchObject({ title: 'Second', questionCount: 2, passStandard: 2 });

    const got = await call(testQuizzesCalls.testGetCall, { ...alpha.ctx, testId: first.testId }, alpha.token);
    expect((got.body as { test: QuizTest }).test.questions[1]!.correctAnswers).toEqual([0, 2]);

    const updated = await call(testQuizzesCalls.testUpdateCall, { ...alpha.ctx, ...baseTest({ title: 'First, edited', passStandard: 1 }), testId: first.testId, version: 1 }, alpha.token);
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect((updated.body as { test: QuizTest }).test).toMatchObject({ title: 'First, edited', passStandard: 1, version: 2, createdAt: first.createdAt });
    // A form loaded before that save is stale.
    const stale = await call(testQuizzesCalls.testUpdateCall, { ...alpha.ctx, ...baseTest({ title: 'Lost' }), testId: first.testId, version: 1 }, alpha.token);
    expect(stale.status).toBe(409);
    expect(stale.body.error).toEqual({ code: 'common/concurrent_update', fields: { version: 'validation/invalid_value' } });

    expect((await call(testQuizzesCalls.testDeleteCall, { ...alpha.ctx, testId: second.testId }, alpha.token)).status).toBe(200);
    expect((await call(testQuizzesCalls.testGetCall, { ...alpha.ctx, testId: second.testId }, alpha.token)).status).toBe(404);
    expect((await call(testQuizzesCalls.testDeleteCall, { ...alpha.ctx, testId: second.testId }, alpha.token)).body.error?.code).toBe('test/not_found');
  });

  it('refuses bad input naming the field (SPEC §5)', async () => {
    const empty = await call(testQuizzesCalls.testCreateCall, { ...alpha.ctx, title: '', questions: [] }, alpha.token);
    expect(empty.status).toBe(400);
    expect(empty.body.error?.fields).toEqual({
      title: 'validation/required',
      questions: 'validation/questions_required',
      passStandard: 'validation/pass_standard_out_of_range',
    });
    const dup = baseTest();
    const bad = await call(
      testQuizzesCalls.testCreateCall,
      {
        ...alpha.ctx,
        ...dup,
        questions: [{ ...dup.questions[0], options: ['Tokyo', 'Tokyo'] }, { ...dup.questions[1], fieldName: 'capital', correctAnswers: [] }],
        passStandard: 3,
        retestLimit: 0,
      },
      alpha.token,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error?.fields).toMatchObject({
      'questions.0.options.1': 'validation/duplicate_option_label',
      'questions.1.fieldName': 'validation/duplicate_field_name',
      'questions.1.correctAnswers': 'validation/correct_answer_required',
      passStandard: 'validation/pass_standard_out_of_range',
      retestLimit: 'validation/invalid_value',
    });
    const button = await call(testQuizzesCalls.testCreateCall, { ...alpha.ctx, ...baseTest({ passButtonText: 'Next step' }) }, alpha.token);
    expect(button.body.error?.fields).toEqual({ passButtonUrl: 'validation/required' });
    const notHttp = await call(testQuizzesCalls.testCreateCall, { ...alpha.ctx, ...baseTest({ passButtonText: 'Go', passButtonUrl: 'javascript:alert(1)' }) }, alpha.token);
    expect(notHttp.body.error?.fields).toEqual({ passButtonUrl: 'validation/invalid_value' });
    const unknown = await call(testQuizzesCalls.testCreateCall, { ...alpha.ctx, ...baseTest({ passButtonText: 'Go', passButtonUrl: 'https://x.test/?u={userEmail}' }) }, alpha.token);
    expect(unknown.status).toBe(400);
    expect(unknown.body.error?.fields).toEqual({ passButtonUrl: 'validation/unknown_url_variable' });
    const unknownField = await call(testQuizzesCalls.testCreateCall, { ...alpha.ctx, ...baseTest({ passButtonText: 'Go', passButtonUrl: 'https://x.test/?d={custom.Nope}' }) }, alpha.token);
    expect(unknownField.body.error?.fields).toEqual({ passButtonUrl: 'validation/unknown_url_variable' });
    const list = await call(testQuizzesCalls.testListCall, { ...alpha.ctx, limit: 0 }, alpha.token);
    expect(list.body.error?.fields).toEqual({ limit: 'validation/invalid_value' });
    const noVersion = await call(testQuizzesCalls.testUpdateCall, { ...alpha.ctx, ...baseTest(), testId: '01TESTMISSING0000000000000' }, alpha.token);
    expect(noVersion.body.error?.fields).toEqual({ version: 'validation/invalid_value' });
    const badId = await call(testQuizzesCalls.testGetCall, { ...alpha.ctx, testId: 'not an id!' }, alpha.token);
    expect(badId.body.error?.fields).toEqual({ testId: 'validation/invalid_value' });
  });

  it('refuses members, administrators without the analyst category, and callers without a session', async () => {
    const t = await createTest(alpha);
    const contents = await newAdmin(alpha.teamId, ['contentsManager']);
    const analyst = await newAdmin(alpha.teamId, ['analyst']);
    for (const who of [member, contents]) {
      expect((await call(testQuizzesCalls.testListCall, who.ctx, who.token)).status).toBe(403);
      expect((await call(testQuizzesCalls.testGetCall, { ...who.ctx, testId: t.testId }, who.token)).status).toBe(403);
      expect((await call(testQuizzesCalls.testCreateCall, { ...who.ctx, ...baseTest() }, who.token)).status).toBe(403);
      expect((await call(testQuizzesCalls.testUpdateCall, { ...who.ctx, ...baseTest(), testId: t.testId, version: 1 }, who.token)).status).toBe(403);
      expect((await call(testQuizzesCalls.testDeleteCall, { ...who.ctx, testId: t.testId }, who.token)).status).toBe(403);
      expect((await call(testQuizzesCalls.testAttemptListCall, { ...who.ctx, testId: t.testId }, who.token)).status).toBe(403);
      expect((await call(testQuizzesCalls.testAttemptGetCall, { ...who.ctx, testId: t.testId, attemptId: t.testId }, who.token)).status).toBe(403);
    }
    expect((await call(testQuizzesCalls.testListCall, alpha.ctx)).status).toBe(401);
    expect((await call(testQuizzesCalls.memberTestGetCall, { ...member.ctx, testId: t.testId })).status).toBe(401);
    expect((await call(testQuizzesCalls.memberTestAnswerCall, { ...member.ctx, testId: t.testId, answers: allRight })).status).toBe(401);
    expect((await call(testQuizzesCalls.testGetCall, { ...analyst.ctx, testId: t.testId }, analyst.token)).status).toBe(200);
    expect((await call(testQuizzesCalls.testListCall, analyst.ctx, analyst.token)).status).toBe(200);
  });

  it("answers 404 for another team's test and attempts, changing nothing", async () => {
    const t = await createTest(alpha, { title: 'Alpha only' });
    const attempt = await result(member, t.testId, allRight);
    expect((await call(testQuizzesCalls.testGetCall, { ...beta.ctx, testId: t.testId }, beta.token)).status).toBe(404);
    expect((await call(testQuizzesCalls.testUpdateCall, { ...beta.ctx, ...baseTest({ title: 'Hijack' }), testId: t.testId, version: 1 }, beta.token)).status).toBe(404);
    expect((await call(testQuizzesCalls.testDeleteCall, { ...beta.ctx, testId: t.testId }, beta.token)).status).toBe(404);
    expect((await call(testQuizzesCalls.testAttemptListCall, { ...beta.ctx, testId: t.testId }, beta.token)).status).toBe(404);
    expect((await call(testQuizzesCalls.testAttemptGetCall, { ...beta.ctx, testId: t.testId, attemptId: attempt.attemptId }, beta.token)).status).toBe(404);
    const betaList = (await call(testQuizzesCalls.testListCall, beta.ctx, beta.token)).body as Page<QuizTestSummary>;
    expect(betaList.items.some((i) => i.testId === t.testId)).toBe(false);
    const outsider = await newPerson(beta.teamId);
    expect((await call(testQuizzesCalls.memberTestGetCall, { ...outsider.ctx, testId: t.testId }, outsider.token)).status).toBe(404);
    expect((await take(outsider, t.testId, allRight)).status).toBe(404);
    const kept = await call(testQuizzesCalls.testGetCall, { ...alpha.ctx, testId: t.testId }, alpha.token);
    expect((kept.body as { test: QuizTest }).test).toMatchObject({ title: 'Alpha only', version: 1 });
    const attempts = (await call(testQuizzesCalls.testAttemptListCall, { ...alpha.ctx, testId: t.testId }, alpha.token)).body as Page<TestAttemptSummary>;
    expect(attempts.items).toHaveLength(1);
  });

  it('keeps a test a video offers (409 deletion/test_in_use) until the video lets it go; the video checks the test exists', async () => {
    const t = await createTest(alpha, { title: 'In use' });
    const missing = await call(
      createVideoCall,
      { ...alpha.ctx, ...publicForm('Bad test id'), completionAction: 'test', testId: '01TESTMISSING0000000000000' },
      alpha.token,
    );
    expect(missing.status).toBe(400);
    expect(missing.body.error?.fields).toEqual({ testId: 'validation/invalid_value' });
    const foreign = await createTest(beta, { title: 'Beta test' });
    const crossTeam = await call(
      createVideoCall,
      { ...alpha.ctx, ...publicForm('Foreign test id'), completionAction: 'test', testId: foreign.testId },
      alpha.token,
    );
    expect(crossTeam.body.error?.fields).toEqual({ testId: 'validation/invalid_value' });

    const videoId = await readyVideo(alpha, { ...publicForm('Offers a test'), completionAction: 'test', testId: t.testId });
    const inUse = await call(testQuizzesCalls.testDeleteCall, { ...alpha.ctx, testId: t.testId }, alpha.token);
    expect(inUse.status).toBe(409);
    expect(inUse.body.error?.code).toBe('deletion/test_in_use');
    // The member watching the video is told of the test.
    const got = await call(getVideoCall, { ...alpha.ctx, videoId }, alpha.token);
    const video = got.body as { version: number; testId?: string };
    expect(video.testId).toBe(t.testId);
    const changed = await call(updateVideoCall, { ...alpha.ctx, videoId, version: video.version, ...publicForm('Offers nothing'), completionAction: 'none' }, alpha.token);
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect((await call(testQuizzesCalls.testDeleteCall, { ...alpha.ctx, testId: t.testId }, alpha.token)).status).toBe(200);

    const t2 = await createTest(alpha, { title: 'Freed by deletion' });
    const other = await readyVideo(alpha, { ...publicForm('Deleted later'), completionAction: 'test', testId: t2.testId });
    expect((await call(testQuizzesCalls.testDeleteCall, { ...alpha.ctx, testId: t2.testId }, alpha.token)).status).toBe(409);
    expect((await call(deleteVideoCall, { ...alpha.ctx, videoId: other }, alpha.token)).status).toBe(200);
    expect((await call(testQuizzesCalls.testDeleteCall, { ...alpha.ctx, testId: t2.testId }, alpha.token)).status).toBe(200);
  });
});

describe('a member takes a test', () => {
  it('shows the questions without correct answers or explanations, grades on the server and stores the attempt', async () => {
    const t = await createTest(alpha, { failShowAnswer: true, failShowExplanation: true, passShowExplanation: false, passNote: 'Well done.' });
    const raw = await call(testQuizzesCalls.memberTestGetCall, { ...member.ctx, testId: t.testId }, member.token);
    const text = JSON.stringify(raw.body);
    expect(text).not.toContain('correctAnswers');
    expect(text).not.toContain('explanation');
    expect(text).not.toContain('Tokyo since 1869');
    const view = (raw.body as { test: MemberTestView }).test;
    expect(view).toMatchObject({ title: 'Safety check', passStandard: 2, attemptCount: 0, questions: [{ fieldName: 'capital', options: ['Tokyo', 'Osaka'] }, { fieldName: 'colours' }] });
    expect(view.refusal).toBeUndefined();

    const failed = await result(member, t.testId, { capital: [0], colours: [0] });
    expect(failed).toMatchObject({ passed: false, score: 1, questionCount: 2, passStandard: 2 });
    // Fail settings: the answers and the explanations are shown; no pass note.
    expect(failed.questions[1]).toMatchObject({ chosen: [0], correct: false, correctAnswers: [0, 2], explanation: 'Red and blue.' });
    expect(failed.passNote).toBeUndefined();

    const passed = await result(member, t.testId, allRight);
    expect(passed).toMatchObject({ passed: true, score: 2, passNote: 'Well done.' });
    // Pass settings: no explanation, and the correct answers are never shown on a pass.
    expect(JSON.stringify(passed)).not.toContain('explanation');
    expect(JSON.stringify(passed)).not.toContain('correctAnswers');

    const again = await memberView(member, t.testId);
    expect(again).toMatchObject({ attemptCount: 2, lastResult: { attemptId: passed.attemptId, passed: true } });

    const attempts = (await call(testQuizzesCalls.testAttemptListCall, { ...alpha.ctx, testId: t.testId }, alpha.token)).body as Page<TestAttemptSummary>;
    expect(attempts.items.map((a) => [a.attemptId, a.userName, a.score, a.passed])).toEqual([
      [passed.attemptId, 'Hanako', 2, true],
      [failed.attemptId, 'Hanako', 1, false],
    ]);
    const detail = await call(testQuizzesCalls.testAttemptGetCall, { ...alpha.ctx, testId: t.testId, attemptId: failed.attemptId }, alpha.token);
    expect((detail.body as { attempt: TestAttemptDetail }).attempt).toMatchObject({
      testTitle: 'Safety check',
      passed: false,
      questions: [
        { fieldName: 'capital', chosen: [0], correct: true, correctAnswers: [0] },
        { fieldName: 'colours', chosen: [0], correct: false, correctAnswers: [0, 2] },
      ],
    });
    expect((await call(testQuizzesCalls.testAttemptGetCall, { ...alpha.ctx, testId: t.testId, attemptId: '01ATTEMPTMISSING0000000000' }, alpha.token)).status).toBe(404);
  });

  it('refuses answers that do not fit the questions, naming the question', async () => {
    const t = await createTest(alpha);
    const missing = await take(member, t.testId, { capital: [0] });
    expect(missing.status).toBe(400);
    expect(missing.body.error?.fields).toEqual({ 'answers.colours': 'validation/answer_required' });
    const bad = await take(member, t.testId, { capital: [0, 1], colours: [5], extra: [0] });
    expect(bad.body.error?.fields).toEqual({ 'answers.capital': 'validation/invalid_value', 'answers.colours': 'validation/invalid_value', 'answers.extra': 'validation/invalid_value' });
    const shape = await take(member, t.testId, 'nope' as unknown as Record<string, number[]>);
    expect(shape.body.error?.fields).toEqual({ answers: 'validation/invalid_value' });
    // Nothing was stored by the refused answers.
    expect((await memberView(member, t.testId)).attemptCount).toBe(0);
    expect((await call(testQuizzesCalls.memberTestGetCall, { ...member.ctx, testId: '01TESTMISSING0000000000000' }, member.token)).body.error?.code).toBe('test/not_found');
  });

  it('fills the pass button URL variables with URL-encoded values', async () => {
    const field = await call(createCustomFieldCall, { ...alpha.ctx, name: 'Department', type: 'text' }, alpha.token);
    expect(field.status, JSON.stringify(field.body)).toBe(200);
    const fieldId = (field.body as { fieldId: string }).fieldId;
    const who = await newPerson(alpha.teamId, { name: 'Taro Yamada', customFields: { [fieldId]: 'R&D / 東京' } });
    const t = await createTest(alpha, {
      passButtonText: 'Certificate',
      passButtonUrl: 'https://cert.example.test/issue?team={teamId}&site={teamName}&user={userId}&name={userName}&dept={custom.Department}',
    });
    const passed = await result(who, t.testId, allRight);
    expect(passed.passButton).toEqual({
      text: 'Certificate',
      url: `https://cert.example.test/issue?team=${alpha.teamId}&site=${encodeURIComponent('Tests Alpha')}&user=${who.userId}&name=Taro%20Yamada&dept=${encodeURIComponent('R&D / 東京')}`,
    });
    const failed = await result(member, t.testId, oneWrong);
    expect(failed.passButton).toBeUndefined();
  });
});

describe('retest rules', () => {
  it('retest off: one attempt only', async () => {
    const t = await createTest(alpha, { retest: false });
    await result(member, t.testId, oneWrong);
    await refusedWith(member, t.testId, allRight, 'test/retest_not_allowed');
    expect((await memberView(member, t.testId)).refusal).toBe('test/retest_not_allowed');
  });

  it('stop retest once passed: retests after a fail, none after a pass', async () => {
    const t = await createTest(alpha, { stopRetestIfPassed: true });
    await result(member, t.testId, oneWrong);
    await result(member, t.testId, allRight);
    await refusedWith(member, t.testId, allRight, 'test/already_passed');
  });

  it('retest limit N: N retests after the first attempt, then refused', async () => {
    const t = await createTest(alpha, { retestLimit: 1 });
    expect((await memberView(member, t.testId)).attemptsLeft).toBe(2);
    await result(member, t.testId, oneWrong);
    expect((await memberView(member, t.testId)).attemptsLeft).toBe(1);
    await result(member, t.testId, allRight);
    await refusedWith(member, t.testId, allRight, 'test/retest_limit_reached');
    const view = await memberView(member, t.testId);
    expect(view).toMatchObject({ attemptCount: 2, attemptsLeft: 0, refusal: 'test/retest_limit_reached' });
    // Another member has their own attempts.
    const other = await newPerson(alpha.teamId, { name: 'Other' });
    await result(other, t.testId, oneWrong);
  });

  it('two submissions at once under a one-attempt test store one attempt', async () => {
    const t = await createTest(alpha, { retest: false });
    const answers = await Promise.all([take(member, t.testId, allRight), take(member, t.testId, allRight)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const attempts = (await call(testQuizzesCalls.testAttemptListCall, { ...alpha.ctx, testId: t.testId }, alpha.token)).body as Page<TestAttemptSummary>;
    expect(attempts.items).toHaveLength(1);
  });

  it('test only after the video: refused until the member finished a video offering the test', async () => {
    const t = await createTest(alpha, { testOnlyAfterVideo: true });
    // Offered by no video yet: nobody can have finished it.
    await refusedWith(member, t.testId, allRight, 'test/video_not_finished', 403);
    const videoId = await readyVideo(alpha, { ...publicForm('Watch first'), completionAction: 'test', testId: t.testId });
    expect((await memberView(member, t.testId)).refusal).toBe('test/video_not_finished');
    // The watch page is told which test to offer at the end.
    const watch = await call(getMemberVideoCall, { ...member.ctx, videoId }, member.token);
    expect((watch.body as MemberVideoAnswer).video).toMatchObject({ completionAction: 'test', testId: t.testId });
    const started = await call(recordMemberVideoProgressCall, { ...member.ctx, videoId, event: 'start', positionSeconds: 0 }, member.token);
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    await refusedWith(member, t.testId, allRight, 'test/video_not_finished', 403);
    const finished = await call(recordMemberVideoProgressCall, { ...member.ctx, videoId, event: 'finish', positionSeconds: 3 }, member.token);
    expect(finished.status, JSON.stringify(finished.body)).toBe(200);
    expect((await memberView(member, t.testId)).refusal).toBeUndefined();
    expect((await result(member, t.testId, allRight)).passed).toBe(true);
  });
});

describe('fuzz: text fields of the test calls', () => {
  it('answers success or a field error, never a 5xx, for generated titles, questions, options, explanations and button texts', async () => {
    const text = fc.string({ maxLength: 300, unit: 'binary' });
    await fc.assert(
      fc.asyncProperty(text, text, text, text, text, text, text, async (title, qTitle, option, explanation, buttonText, buttonUrl, note) => {
        const res = await call(
          testQuizzesCalls.testCreateCall,
          {
            ...alpha.ctx,
            title,
            questions: [{ title: qTitle, fieldName: qTitle.slice(0, 50) || 'f', type: 'radio', options: [option, `${option}!`], correctAnswers: [0], explanation }],
            passStandard: 1,
            passButtonText: buttonText,
            passButtonUrl: buttonUrl,
            passNote: note,
          },
          alpha.token,
        );
        expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
        if (res.status !== 200) expect(res.body.error?.code).toBe('common/invalid_input');
        const answered = await take(member, '01TESTMISSING0000000000000', { [qTitle.slice(0, 100)]: [0] });
        expect(answered.status).toBeLessThan(500);
      }),
      { numRuns: 40 },
    );
  });
});
