import '../support/platform-env';
import { beforeAll, describe, expect, it } from 'vitest';
import * as enqueteCalls from '../../../shared/api/calls/enquete';
import type { Enquete } from '../../../shared/api/calls/enquete';
import * as testQuizzesCalls from '../../../shared/api/calls/test-quizzes';
import type { QuizTest, QuizTestSummary } from '../../../shared/api/calls/test-quizzes';
import type { Page } from '../../../shared/api/page';
import { newOperator, newPerson, type Person } from '../members/fixtures';
import { call } from '../support/api';

/**
 * Issue 30: the operator's pickers find a survey or a test by part of its title, whatever its age: `/enquete/list`
 * and `/test/list` take a `query` (width, case and kana folded on the server), only within the caller's team.
 */
let alpha: Person;
let beta: Person;
const question = { title: 'Your job', fieldName: 'job', type: 'singleLine', required: false, options: [] };
const testQuestion = { title: 'Capital?', fieldName: 'capital', type: 'radio', options: ['Tokyo', 'Osaka'], correctAnswers: [0], explanation: '' };

async function survey(who: Person, title: string): Promise<Enquete> {
  const res = await call(enqueteCalls.enqueteCreateCall, { ...who.ctx, title, questions: [question] }, who.token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body as { enquete: Enquete }).enquete;
}
async function quiz(who: Person, title: string): Promise<QuizTest> {
  const res = await call(testQuizzesCalls.testCreateCall, { ...who.ctx, title, questions: [testQuestion], passStandard: 1 }, who.token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body as { test: QuizTest }).test;
}
const surveyTitles = async (who: Person, query: string, limit = 20) => {
  const res = await call(enqueteCalls.enqueteListCall, { ...who.ctx, query, limit }, who.token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as Page<Enquete>;
};

beforeAll(async () => {
  alpha = await newOperator('Search Alpha');
  beta = await newOperator('Search Beta');
});

describe('surveys by title', () => {
  it('finds a part of a title with width, case and kana folded, newest first, older ones too', async () => {
    const old = await survey(alpha, 'Onboarding Feedback');
    // More surveys than one page after it, so the match lies past the first page read.
    for (let i = 0; i < 25; i++) await survey(alpha, `Weekly pulse ${i}`);
    await survey(alpha, 'カラーバーの感想');
    await survey(beta, 'Onboarding feedback of another team');

    expect((await surveyTitles(alpha, 'FEEDBACK', 5)).items.map((e) => e.enqueteId)).toEqual([old.enqueteId]);
    expect((await surveyTitles(alpha, 'ｶﾗｰﾊﾞｰ')).items.map((e) => e.title)).toEqual(['カラーバーの感想']);
    expect((await surveyTitles(alpha, 'からーばー')).items.map((e) => e.title)).toEqual(['カラーバーの感想']);
    expect((await surveyTitles(alpha, 'nothing like it')).items).toEqual([]);
    // An empty query is the list as before.
    expect((await surveyTitles(alpha, '', 3)).items.map((e) => e.title)).toEqual(['カラーバーの感想', 'Weekly pulse 24', 'Weekly pulse 23']);
  });

  it('pages a search with its cursor, each page within the limit', async () => {
    const first = await surveyTitles(alpha, 'weekly pulse', 10);
    expect(first.items).toHaveLength(10);
    const rest = await call(enqueteCalls.enqueteListCall, { ...alpha.ctx, query: 'weekly pulse', limit: 100, cursor: first.nextCursor }, alpha.token);
    const all = [...first.items, ...(rest.body as Page<Enquete>).items].map((e) => e.title);
    expect(new Set(all).size).toBe(25);
  });

  it('refuses a query over 100 characters naming the field, and other roles', async () => {
    const long = await call(enqueteCalls.enqueteListCall, { ...alpha.ctx, query: 'x'.repeat(101) }, alpha.token);
    expect(long.status).toBe(400);
    expect(long.body.error?.fields).toEqual({ query: 'validation/too_long' });
    const member = await newPerson(alpha.teamId);
    expect((await call(enqueteCalls.enqueteListCall, { ...member.ctx, query: 'feedback' }, member.token)).status).toBe(403);
  });
});

describe('tests by title', () => {
  it('finds a part of a title within the caller’s team only', async () => {
    const safety = await quiz(alpha, 'Safety Check 2026');
    await quiz(alpha, 'Compliance basics');
    await quiz(beta, 'Safety check of another team');
    const res = await call(testQuizzesCalls.testListCall, { ...alpha.ctx, query: 'safety' }, alpha.token);
    expect(res.status).toBe(200);
    expect((res.body as Page<QuizTestSummary>).items.map((t) => t.testId)).toEqual([safety.testId]);
  });
});
