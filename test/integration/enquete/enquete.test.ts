import '../support/platform-env';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { memberLoginCall } from '../../../shared/api/calls/auth';
import * as enqueteCalls from '../../../shared/api/calls/enquete';
import type { Enquete, EnqueteAnswer, MemberEnquete } from '../../../shared/api/calls/enquete';
import { createLiveCall, deleteLiveCall, getLiveCall } from '../../../shared/api/calls/lives';
import { getMemberContentCall } from '../../../shared/api/calls/content-items';
import { getSecuritySettingsCall, updateSecuritySettingsCall, type SecuritySettingsAnswer } from '../../../shared/api/calls/settings';
import { createVideoCall, deleteVideoCall } from '../../../shared/api/calls/videos';
import { feedbackNoticeListCall, type EnqueteAnswerNotice } from '../../../shared/api/calls/notices';
import type { Page } from '../../../shared/api/page';
import type { SurveyInput } from '../../../shared/rules/survey';
import { readyVideo } from '../content/ready-videos';
import { newAdmin, newOperator, newPerson, type Person } from '../members/fixtures';
import { call, inbox } from '../support/api';

let alpha: Person;
let beta: Person;
let member: Person;
let betaMember: Person;

const survey: SurveyInput = {
  title: 'After registration',
  questions: [
    { title: 'Your job', fieldName: 'job', type: 'singleLine', required: true, options: [] },
    { title: 'Comments', fieldName: 'note', type: 'multiline', required: false, options: [] },
    { title: 'Plan', fieldName: 'plan', type: 'radio', required: true, options: ['Free', 'Paid'] },
    { title: 'Topics', fieldName: 'topics', type: 'checkbox', required: false, options: ['Video', 'Live', 'PDF'] },
  ],
};
const goodAnswers = { job: ' Engineer ', note: '', plan: 'Paid', topics: ['PDF', 'Video'] };
const publicForm = (title: string) => ({ title, overview: '', status: 'public', releasedAt: '2024-01-01T00:00:00Z' });
const hoursFromNow = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();

const create = async (who: Person, input: SurveyInput = survey) => {
  const res = await call(enqueteCalls.enqueteCreateCall, { ...who.ctx, ...input }, who.token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body as { enquete: Enquete }).enquete;
};
const setRegistrationSurvey = async (who: Person, registrationEnqueteId: string | null) => {
  const current = await call(getSecuritySettingsCall, who.ctx, who.token);
  const { yourIp: _ip, ...kept } = current.body as SecuritySettingsAnswer;
  return call(updateSecuritySettingsCall, { ...who.ctx, ...kept, registrationEnqueteId, confirmLockout: true }, who.token);
};
const answer = (who: Person, input: Record<string, unknown>) => call(enqueteCalls.memberEnqueteAnswerCall, { ...who.ctx, ...input }, who.token);
const answersOf = async (who: Person, enqueteId: string) => {
  const res = await call(enqueteCalls.enqueteAnswerListCall, { ...who.ctx, enqueteId }, who.token);
  expect(res.status).toBe(200);
  return (res.body as Page<EnqueteAnswer>).items;
};

beforeAll(async () => {
  [alpha, beta] = await Promise.all([newOperator('Enquete Alpha'), newOperator('Enquete Beta')]);
  [member, betaMember] = await Promise.all([newPerson(alpha.teamId, { name: 'Hanako' }), newPerson(beta.teamId, { name: 'Beta member' })]);
});

describe('surveys (admin)', () => {
  it('creates, gets, lists newest first, updates with the version and deletes', async () => {
    const first = await create(alpha);
    expect(first).toMatchObject({ title: 'After registration', version: 1 });
    expect(first.questions.map((q) => q.fieldName)).toEqual(['job', 'note', 'plan', 'topics']);
    const second = await create(alpha, { ...survey, title: 'Second' });
    const got = await call(enqueteCalls.enqueteGetCall, { ...alpha.ctx, enqueteId: second.enqueteId }, alpha.token);
    expect((got.body as { enquete: Enquete }).enquete).toEqual(second);

    const list = await call(enqueteCalls.enqueteListCall, alpha.ctx, alpha.token);
    const ids = (list.body as Page<Enquete>).items.map((e) => e.enqueteId);
    expect(ids.indexOf(second.enqueteId)).toBeLessThan(ids.indexOf(first.enqueteId));
    expect(ids.indexOf(first.enqueteId)).toBeGreaterThanOrEqual(0);

    // A text question keeps no options even when some are sent.
    const edited = {
      title: 'Edited',
      questions: [{ title: 'Only', fieldName: 'only', type: 'singleLine', required: false, options: ['stale'] }],
    };
    const updated = await call(enqueteCalls.enqueteUpdateCall, { ...alpha.ctx, enqueteId: first.enqueteId, version: 1, ...edited }, alpha.token);
    expect(updated.status).toBe(200);
    expect((updated.body as { enquete: Enquete }).enquete).toMatchObject({ title: 'Edited', version: 2, questions: [{ fieldName: 'only', options: [] }] });
    const stale = await call(enqueteCalls.enqueteUpdateCall, { ...alpha.ctx, enqueteId: first.enqueteId, version: 1, ...survey }, alpha.token);
    expect(stale.status).toBe(409);
    expect(stale.body.error).toEqual({ code: 'common/concurrent_update', fields: { version: 'validation/invalid_value' } });

    expect((await call(enqueteCalls.enqueteDeleteCall, { ...alpha.ctx, enqueteId: first.enqueteId }, alpha.token)).status).toBe(200);
    expect((await call(enqueteCalls.enqueteGetCall, { ...alpha.ctx, enqueteId: first.enqueteId }, alpha.token)).status).toBe(404);
    expect((await call(enqueteCalls.enqueteDeleteCall, { ...alpha.ctx, enqueteId: first.enqueteId }, alpha.token)).status).toBe(404);
  });

  it('refuses bad input naming the field (SPEC §5 survey rules)', async () => {
    const q = survey.questions![0]!;
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ ...survey, title: '' }, { title: 'validation/required' }],
      [{ ...survey, questions: [] }, { questions: 'validation/questions_required' }],
      [{ ...survey, questions: [q, { ...q, fieldName: 'other' }] }, { 'questions.1.title': 'validation/duplicate_question_name' }],
      [{ ...survey, questions: [q, { ...q, title: 'Other' }] }, { 'questions.1.fieldName': 'validation/duplicate_field_name' }],
      [{ ...survey, questions: [{ ...q, type: 'radio', options: ['Only'] }] }, { 'questions.0.options': 'validation/options_too_few' }],
      [{ ...survey, questions: [{ ...q, type: 'select' }] }, { 'questions.0.type': 'validation/invalid_value' }],
    ];
    for (const [input, fields] of cases) {
      const res = await call(enqueteCalls.enqueteCreateCall, { ...alpha.ctx, ...input }, alpha.token);
      expect(res.status, JSON.stringify(input)).toBe(400);
      expect(res.body.error?.fields, JSON.stringify(input)).toMatchObject(fields);
    }
    // A survey is one stored item: a huge one is refused naming the list, never a failed write.
    const huge = await call(enqueteCalls.enqueteCreateCall, { ...alpha.ctx, ...survey, questions: [{ ...q, type: 'radio', options: ['x'.repeat(200_000), 'y'.repeat(200_000)] }] }, alpha.token);
    expect(huge.status).toBe(400);
    expect(huge.body.error?.fields).toEqual({ questions: 'validation/too_long' });
    const noVersion = await call(enqueteCalls.enqueteUpdateCall, { ...alpha.ctx, enqueteId: (await create(alpha)).enqueteId, ...survey }, alpha.token);
    expect(noVersion.body.error?.fields).toMatchObject({ version: 'validation/invalid_value' });
    const badId = await call(enqueteCalls.enqueteGetCall, { ...alpha.ctx, enqueteId: '../x' }, alpha.token);
    expect(badId.status).toBe(400);
    expect(badId.body.error?.fields).toEqual({ enqueteId: 'validation/invalid_value' });
  });

  it('answers 401 without a session and 403 to a member and to an administrator without the analyst category', async () => {
    const enquete = await create(alpha);
    const contents = await newAdmin(alpha.teamId, ['contentsManager', 'userManager', 'designer', 'payingManager', 'siteManager']);
    for (const who of [member, contents]) {
      const answers = await Promise.all([
        call(enqueteCalls.enqueteListCall, who.ctx, who.token),
        call(enqueteCalls.enqueteGetCall, { ...who.ctx, enqueteId: enquete.enqueteId }, who.token),
        call(enqueteCalls.enqueteCreateCall, { ...who.ctx, ...survey }, who.token),
        call(enqueteCalls.enqueteUpdateCall, { ...who.ctx, enqueteId: enquete.enqueteId, version: 1, ...survey, title: 'Hijack' }, who.token),
        call(enqueteCalls.enqueteDeleteCall, { ...who.ctx, enqueteId: enquete.enqueteId }, who.token),
        call(enqueteCalls.enqueteAnswerListCall, { ...who.ctx, enqueteId: enquete.enqueteId }, who.token),
      ]);
      for (const res of answers) expect(res.status).toBe(403);
    }
    expect((await call(enqueteCalls.enqueteListCall, alpha.ctx)).status).toBe(401);
    expect((await call(enqueteCalls.memberEnqueteGetCall, { ...member.ctx, source: 'registration' })).status).toBe(401);
    const analyst = await newAdmin(alpha.teamId, ['analyst']);
    expect((await call(enqueteCalls.enqueteGetCall, { ...analyst.ctx, enqueteId: enquete.enqueteId }, analyst.token)).status).toBe(200);
  });

  it("answers 404 to another team's survey and changes nothing", async () => {
    const theirs = await create(beta);
    const answers = await Promise.all([
      call(enqueteCalls.enqueteGetCall, { ...alpha.ctx, enqueteId: theirs.enqueteId }, alpha.token),
      call(enqueteCalls.enqueteUpdateCall, { ...alpha.ctx, enqueteId: theirs.enqueteId, version: 1, ...survey, title: 'Hijack' }, alpha.token),
      call(enqueteCalls.enqueteDeleteCall, { ...alpha.ctx, enqueteId: theirs.enqueteId }, alpha.token),
      call(enqueteCalls.enqueteAnswerListCall, { ...alpha.ctx, enqueteId: theirs.enqueteId }, alpha.token),
    ]);
    for (const res of answers) expect(res.status).toBe(404);
    const still = await call(enqueteCalls.enqueteGetCall, { ...beta.ctx, enqueteId: theirs.enqueteId }, beta.token);
    expect((still.body as { enquete: Enquete }).enquete).toEqual(theirs);
    const ids = (((await call(enqueteCalls.enqueteListCall, alpha.ctx, alpha.token)).body as Page<Enquete>).items).map((e) => e.enqueteId);
    expect(ids).not.toContain(theirs.enqueteId);
  });
});

describe('the registration survey', () => {
  it('is a site setting naming one of the team’s surveys; login says surveyRequired until the member answered', async () => {
    const team = await newOperator('Registration survey');
    const someone = await newPerson(team.teamId, { name: 'Newcomer' });
    const enquete = await create(team);
    const theirs = await create(beta);

    const foreign = await setRegistrationSurvey(team, theirs.enqueteId);
    expect(foreign.status).toBe(400);
    expect(foreign.body.error?.fields).toEqual({ registrationEnqueteId: 'validation/invalid_value' });

    expect(((await call(memberLoginCall, { teamId: team.teamId }, someone.token)).body as { outcome: string }).outcome).toBe('login');
    expect((await call(enqueteCalls.memberEnqueteGetCall, { ...someone.ctx, source: 'registration' }, someone.token)).status).toBe(404);

    const set = await setRegistrationSurvey(team, enquete.enqueteId);
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect((set.body as SecuritySettingsAnswer).registrationEnqueteId).toBe(enquete.enqueteId);

    const login = await call(memberLoginCall, { teamId: team.teamId }, someone.token);
    expect(login.body).toMatchObject({ outcome: 'surveyRequired', userId: someone.userId });
    expect(typeof (login.body as { loginSessionId?: string }).loginSessionId).toBe('string');

    const got = await call(enqueteCalls.memberEnqueteGetCall, { ...someone.ctx, source: 'registration' }, someone.token);
    expect(got.status).toBe(200);
    const shown = (got.body as { enquete: MemberEnquete }).enquete;
    expect(shown).toMatchObject({ enqueteId: enquete.enqueteId, title: enquete.title });
    expect(shown.answeredAt).toBeUndefined();

    // SPEC §5: every required question answered, choices from the options.
    const missing = await answer(someone, { source: 'registration', answers: { note: 'x' } });
    expect(missing.status).toBe(400);
    expect(missing.body.error?.fields).toEqual({ 'answers.job': 'validation/answer_required', 'answers.plan': 'validation/answer_required' });
    const wrongChoice = await answer(someone, { source: 'registration', answers: { job: 'a', plan: 'Gold', topics: ['Video', 'Nope'] } });
    expect(wrongChoice.body.error?.fields).toEqual({ 'answers.plan': 'validation/invalid_value', 'answers.topics': 'validation/invalid_value' });
    const twoRadios = await answer(someone, { source: 'registration', answers: { job: 'a', plan: ['Free', 'Paid'] } });
    expect(twoRadios.body.error?.fields).toEqual({ 'answers.plan': 'validation/invalid_value' });
    const tooLong = await answer(someone, { source: 'registration', answers: { job: 'x'.repeat(5001), plan: 'Free' } });
    expect(tooLong.body.error?.fields).toEqual({ 'answers.job': 'validation/too_long' });
    const badSource = await answer(someone, { source: 'video', answers: goodAnswers });
    expect(badSource.body.error?.fields).toEqual({ sourceId: 'validation/required' });
    expect(await answersOf(team, enquete.enqueteId)).toEqual([]);

    const ok = await answer(someone, { source: 'registration', answers: { ...goodAnswers, extra: 'dropped' } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(((await call(memberLoginCall, { teamId: team.teamId }, someone.token)).body as { outcome: string }).outcome).toBe('login');

    const [row] = await answersOf(team, enquete.enqueteId);
    expect(row).toMatchObject({ userId: someone.userId, userName: 'Newcomer', source: 'registration', answers: { job: 'Engineer', note: '', plan: 'Paid', topics: ['Video', 'PDF'] } });
    // Answering again replaces the earlier answer: one row per member.
    expect((await answer(someone, { source: 'registration', answers: { job: 'Designer', plan: 'Free' } })).status).toBe(200);
    const rows = await answersOf(team, enquete.enqueteId);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.answers).toEqual({ job: 'Designer', plan: 'Free' });

    // In use: the setting names it.
    const refused = await call(enqueteCalls.enqueteDeleteCall, { ...team.ctx, enqueteId: enquete.enqueteId }, team.token);
    expect(refused.status).toBe(409);
    expect(refused.body.error?.code).toBe('deletion/survey_in_use');
    expect((await setRegistrationSurvey(team, null)).status).toBe(200);
    expect((await call(enqueteCalls.enqueteDeleteCall, { ...team.ctx, enqueteId: enquete.enqueteId }, team.token)).status).toBe(200);
  });

  it('pages the answers newest first with the cursor', async () => {
    const team = await newOperator('Answer pages');
    const enquete = await create(team);
    expect((await setRegistrationSurvey(team, enquete.enqueteId)).status).toBe(200);
    const people = [];
    for (let i = 0; i < 3; i++) people.push(await newPerson(team.teamId, { name: `P${i}` }));
    for (const p of people) expect((await answer(p, { source: 'registration', answers: goodAnswers })).status).toBe(200);
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const res = await call(enqueteCalls.enqueteAnswerListCall, { ...team.ctx, enqueteId: enquete.enqueteId, limit: 2, ...(cursor ? { cursor } : {}) }, team.token);
      const page = res.body as Page<EnqueteAnswer>;
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((a) => a.userName));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(['P2', 'P1', 'P0']);
    // Another team's member cannot answer this team's survey (their session is for their team).
    expect((await answer(betaMember, { ...team.ctx, source: 'registration', answers: goodAnswers })).status).toBe(403);
  });
});

describe('the video completion survey', () => {
  it('checks the survey is the team’s, lets a member who may open the video answer, notifies analysts and blocks deletion', async () => {
    const enquete = await create(alpha, { ...survey, title: 'Video feedback' });
    const theirs = await create(beta);
    const foreign = await call(createVideoCall, { ...alpha.ctx, ...publicForm('Foreign survey'), completionAction: 'survey', enqueteId: theirs.enqueteId }, alpha.token);
    expect(foreign.status).toBe(400);
    expect(foreign.body.error?.fields).toEqual({ enqueteId: 'validation/invalid_value' });

    const videoId = await readyVideo(alpha, { ...publicForm('Lesson with survey'), completionAction: 'survey', enqueteId: enquete.enqueteId });
    const plain = await readyVideo(alpha, publicForm('Lesson without survey'));
    const hidden = await readyVideo(alpha, { ...publicForm('Hidden'), status: 'private', completionAction: 'survey', enqueteId: enquete.enqueteId });

    const got = await call(enqueteCalls.memberEnqueteGetCall, { ...member.ctx, source: 'video', sourceId: videoId }, member.token);
    expect((got.body as { enquete: MemberEnquete }).enquete.enqueteId).toBe(enquete.enqueteId);
    for (const sourceId of [plain, hidden, '01NOSUCHVIDEO0000000000000']) {
      expect((await call(enqueteCalls.memberEnqueteGetCall, { ...member.ctx, source: 'video', sourceId }, member.token)).status).toBe(404);
      expect((await answer(member, { source: 'video', sourceId, answers: goodAnswers })).status).toBe(404);
    }
    expect((await call(enqueteCalls.memberEnqueteGetCall, { ...betaMember.ctx, source: 'video', sourceId: videoId }, betaMember.token)).status).toBe(404);

    const quiet = await newPerson(alpha.teamId, { role: 'admin', adminLevel: 'normal', categories: ['analyst'], name: 'Quiet', notifications: { videoEnqueteAnswered: false } });

    expect((await answer(member, { source: 'video', sourceId: videoId, answers: goodAnswers })).status).toBe(200);
    const [row] = await answersOf(alpha, enquete.enqueteId);
    expect(row).toMatchObject({ userName: 'Hanako', source: 'video', sourceId: videoId });
    const mails = (await inbox(alpha.email)).filter((m) => m.subject.includes('Lesson with survey'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body.text).toContain(`/admin/enquete/${enquete.enqueteId}/answer`);
    expect((await inbox(quiet.email)).some((m) => m.subject.includes('Lesson with survey'))).toBe(false);
    // The in-app notice, for the team's analysts (the quiet one too: the setting is about mail to them).
    const notices = await call(feedbackNoticeListCall, { ...quiet.ctx, kind: 'videoEnqueteAnswer' }, quiet.token);
    expect((notices.body as Page<EnqueteAnswerNotice>).items[0]).toMatchObject({ enqueteId: enquete.enqueteId, sourceId: videoId, sourceTitle: 'Lesson with survey', userName: 'Hanako' });

    const refused = await call(enqueteCalls.enqueteDeleteCall, { ...alpha.ctx, enqueteId: enquete.enqueteId }, alpha.token);
    expect(refused.status).toBe(409);
    expect(refused.body.error?.code).toBe('deletion/survey_in_use');
    for (const id of [videoId, hidden]) expect((await call(deleteVideoCall, { ...alpha.ctx, videoId: id }, alpha.token)).status).toBe(200);
    expect((await call(enqueteCalls.enqueteDeleteCall, { ...alpha.ctx, enqueteId: enquete.enqueteId }, alpha.token)).status).toBe(200);
  });
});

describe('the live survey', () => {
  it('validates the live’s survey, shows it to the member and takes their answer', async () => {
    const enquete = await create(alpha, { ...survey, title: 'Live feedback' });
    const theirs = await create(beta);
    const fields = { platform: 'other', url: 'https://example.com/stream', startAt: hoursFromNow(-0.5), endAt: hoursFromNow(2) };
    const foreign = await call(createLiveCall, { ...alpha.ctx, title: 'Foreign', status: 'public', fields: { ...fields, enqueteId: theirs.enqueteId } }, alpha.token);
    expect(foreign.status).toBe(400);
    expect(foreign.body.error?.fields).toEqual({ 'fields.enqueteId': 'validation/invalid_value' });

    const created = await call(createLiveCall, { ...alpha.ctx, title: 'Seminar live', status: 'public', fields: { ...fields, enqueteId: enquete.enqueteId } }, alpha.token);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const liveId = (created.body as { id: string }).id;
    expect((await call(getLiveCall, { ...alpha.ctx, id: liveId }, alpha.token)).status).toBe(200);

    const page = await call(getMemberContentCall, { ...member.ctx, type: 'live', id: liveId }, member.token);
    expect((page.body as { view: { enqueteId?: string } }).view.enqueteId).toBe(enquete.enqueteId);
    expect((await answer(member, { source: 'live', sourceId: liveId, answers: goodAnswers })).status).toBe(200);
    expect((await answersOf(alpha, enquete.enqueteId))[0]).toMatchObject({ source: 'live', sourceId: liveId });
    expect((await inbox(alpha.email)).some((m) => m.subject.includes('Seminar live'))).toBe(true);
    expect((await answer(betaMember, { source: 'live', sourceId: liveId, answers: goodAnswers })).status).toBe(404);

    expect((await call(enqueteCalls.enqueteDeleteCall, { ...alpha.ctx, enqueteId: enquete.enqueteId }, alpha.token)).body.error?.code).toBe('deletion/survey_in_use');
    expect((await call(deleteLiveCall, { ...alpha.ctx, id: liveId }, alpha.token)).status).toBe(200);
    expect((await call(enqueteCalls.enqueteDeleteCall, { ...alpha.ctx, enqueteId: enquete.enqueteId }, alpha.token)).status).toBe(200);
  });
});

describe('fuzz: text fields', () => {
  it('answers success or a field error, never a 5xx, for generated titles, field names, options and answers', { timeout: 120_000 }, async () => {
    const team = await newOperator('Enquete fuzz');
    const someone = await newPerson(team.teamId);
    const enquete = await create(team);
    expect((await setRegistrationSurvey(team, enquete.enqueteId)).status).toBe(200);
    const text = fc.oneof(
      fc.string({ maxLength: 60 }),
      fc.string({ unit: 'grapheme', maxLength: 60 }),
      fc.string({ unit: 'binary', maxLength: 60 }),
      fc.constantFrom('', ' ', '\u3000', '=1+1', '<script>alert(1)</script>', 'x'.repeat(6000), '\u0000', '\ud800'),
      fc.anything(),
    );
    const shapeOk = (res: { status: number; body: { error?: { code: string; fields?: unknown } } }) => {
      expect(res.status).toBeLessThan(500);
      if (res.status !== 200) expect(typeof res.body.error?.code).toBe('string');
    };
    await fc.assert(
      fc.asyncProperty(text, text, text, text, async (title, fieldName, option, value) => {
        shapeOk(
          await call(
            enqueteCalls.enqueteCreateCall,
            { ...team.ctx, title, questions: [{ title: 'Q', fieldName, type: 'radio', required: true, options: [option, 'B'] }] },
            team.token,
          ),
        );
        shapeOk(await answer(someone, { source: 'registration', answers: { job: value, plan: value, topics: [value] } }));
      }),
      { numRuns: 60 },
    );
  });
});
