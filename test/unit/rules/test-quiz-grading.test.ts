import fc from 'fast-check';
import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import {
  checkPassButton,
  checkTestAnswers,
  checkUrlVariables,
  fillUrlVariables,
  gradeTest,
  isAnswerCorrect,
  testSchema,
  urlVariablesOf,
  type TestQuestion,
} from '../../../shared/rules/test-quiz';
import { memberTestAnswerInput, testUpdateInput } from '../../../shared/api/calls/test-quizzes';
import { fieldCodes } from './helpers';

const radio: TestQuestion = { title: 'Capital?', fieldName: 'capital', type: 'radio', options: ['Tokyo', 'Osaka'], correctAnswers: [0] };
const checkbox: TestQuestion = { title: 'Colours?', fieldName: 'colours', type: 'checkbox', options: ['Red', 'Green', 'Blue'], correctAnswers: [0, 2] };

describe('grading', () => {
  it('a question is right only with exactly its correct options, in any order', () => {
    expect(isAnswerCorrect(checkbox, [2, 0])).toBe(true);
    expect(isAnswerCorrect(checkbox, [0])).toBe(false);
    expect(isAnswerCorrect(checkbox, [0, 1, 2])).toBe(false);
    expect(isAnswerCorrect(radio, [1])).toBe(false);
  });

  it('scores the correct count and passes at the standard', () => {
    expect(gradeTest([radio, checkbox], { capital: [0], colours: [0, 2] }, 2)).toEqual({ correct: [true, true], score: 2, passed: true });
    expect(gradeTest([radio, checkbox], { capital: [0], colours: [1] }, 2)).toEqual({ correct: [true, false], score: 1, passed: false });
    expect(gradeTest([radio, checkbox], { capital: [0], colours: [1] }, 1).passed).toBe(true);
  });

  it('checks the answers fit the questions', () => {
    expect(checkTestAnswers([radio, checkbox], { capital: [0], colours: [0, 2] })).toEqual([]);
    expect(checkTestAnswers([radio, checkbox], { capital: [0, 1], other: [0] })).toEqual([
      { path: ['answers', 'capital'], code: 'validation/invalid_value' },
      { path: ['answers', 'colours'], code: 'validation/answer_required' },
      { path: ['answers', 'other'], code: 'validation/invalid_value' },
    ]);
    expect(checkTestAnswers([checkbox], { colours: [0, 0] })).toHaveLength(1);
    expect(checkTestAnswers([checkbox], { colours: [3] })).toHaveLength(1);
    expect(checkTestAnswers([checkbox], { colours: [0.5] })).toHaveLength(1);
    // A field name that is also an Object.prototype key is not taken for an answer.
    expect(checkTestAnswers([{ ...radio, fieldName: 'constructor' }], {})).toEqual([{ path: ['answers', 'constructor'], code: 'validation/answer_required' }]);
  });
});

describe('button URL variables', () => {
  const values = { teamId: 'T1', teamName: 'A & B', userId: 'U1', userName: '山田 太郎', custom: { Department: 'R&D', Tags: ['a', 'b'], Age: 30 } };

  it('lists and checks the variables: the fixed ones and the custom fields by name', () => {
    expect(urlVariablesOf('https://x.test/{teamId}?n={userName}&d={custom.Department}')).toEqual(['teamId', 'userName', 'custom.Department']);
    expect(checkUrlVariables('https://x.test/{teamId}/{teamName}/{userId}/{userName}', [])).toBeUndefined();
    expect(checkUrlVariables('https://x.test/{custom.Department}', ['Department'])).toBeUndefined();
    expect(checkUrlVariables('https://x.test/{custom.Department}', [])).toBe('validation/unknown_url_variable');
    expect(checkUrlVariables('https://x.test/{email}', [])).toBe('validation/unknown_url_variable');
    expect(checkUrlVariables('https://x.test/{}', [])).toBe('validation/unknown_url_variable');
    expect(checkUrlVariables('https://x.test/plain', [])).toBeUndefined();
  });

  it('fills URL-encoded values; an unanswered custom field is empty', () => {
    expect(fillUrlVariables('https://x.test/{teamId}?s={teamName}&u={userId}&n={userName}', values)).toBe(
      'https://x.test/T1?s=A%20%26%20B&u=U1&n=%E5%B1%B1%E7%94%B0%20%E5%A4%AA%E9%83%8E',
    );
    expect(fillUrlVariables('https://x.test/?d={custom.Department}&t={custom.Tags}&a={custom.Age}&m={custom.Missing}', values)).toBe(
      'https://x.test/?d=R%26D&t=a%2Cb&a=30&m=',
    );
  });

  // 100 generated strings: seconds when the machine is busy, so not the default 5 s limit (a bound, not a figure).
  it('a value never breaks out of its place in the URL', { timeout: 60_000 }, () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (name) => {
        const url = new URL(fillUrlVariables('https://x.test/p?n={userName}&z=1', { ...values, userName: name }));
        expect(url.searchParams.get('n')).toBe(name.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'));
        expect(url.host).toBe('x.test');
        expect(url.searchParams.get('z')).toBe('1');
      }),
      { numRuns: 300 },
    );
  });

  it('the pass button needs text and an http(s) URL together', () => {
    expect(checkPassButton(undefined, undefined)).toEqual([]);
    expect(checkPassButton('Go', 'https://x.test/{userId}')).toEqual([]);
    expect(checkPassButton('Go', '')).toEqual([{ path: ['passButtonUrl'], code: 'validation/required' }]);
    expect(checkPassButton('', 'https://x.test')).toEqual([{ path: ['passButtonText'], code: 'validation/required' }]);
    expect(checkPassButton('Go', 'javascript:alert(1)')).toEqual([{ path: ['passButtonUrl'], code: 'validation/invalid_value' }]);
    expect(checkPassButton('Go', 'ftp://x.test')).toEqual([{ path: ['passButtonUrl'], code: 'validation/invalid_value' }]);
  });

  it('the schema reports the button per field', () => {
    const test = { title: 't', questions: [radio], passStandard: 1 };
    expect(fieldCodes(testSchema, { ...test, passButtonText: 'Go' })).toEqual({ passButtonUrl: 'validation/required' });
    expect(fieldCodes(testSchema, { ...test, passButtonText: 'Go', passButtonUrl: 'https://x.test/{teamId}' })).toEqual({});
  });
});

/**
 * SPEC issue 12 fuzz figure: 1,000 generated inputs per text field of the test calls, through the calls' input
 * schemas. Each parse either succeeds or fails with field codes only (no throw, no zod English).
 */
describe('fuzz: the test calls take any text in each text field', () => {
  const base = {
    testId: '01TEST0000000000000000000A',
    version: 1,
    title: 't',
    questions: [{ ...radio, explanation: 'e' }],
    passStandard: 1,
    passButtonText: 'Go',
    passButtonUrl: 'https://x.test',
    passNote: 'n',
  };
  const isCode = (m: string) => /^validation\/[a-z_]+$/.test(m);
  const fields: [string, (v: string) => unknown, z.ZodMiniType][] = [
    ['title', (v) => ({ ...base, title: v }), testUpdateInput],
    ['question title', (v) => ({ ...base, questions: [{ ...base.questions[0], title: v }] }), testUpdateInput],
    ['field name', (v) => ({ ...base, questions: [{ ...base.questions[0], fieldName: v }] }), testUpdateInput],
    ['option', (v) => ({ ...base, questions: [{ ...base.questions[0], options: [v, 'other'] }] }), testUpdateInput],
    ['explanation', (v) => ({ ...base, questions: [{ ...base.questions[0], explanation: v }] }), testUpdateInput],
    ['button text', (v) => ({ ...base, passButtonText: v }), testUpdateInput],
    ['button URL', (v) => ({ ...base, passButtonUrl: v }), testUpdateInput],
    ['note', (v) => ({ ...base, passNote: v }), testUpdateInput],
    ['answer field name', (v) => ({ testId: base.testId, answers: { [v]: [0] } }), memberTestAnswerInput],
  ];
  for (const [name, input, schema] of fields) {
    it(name, () => {
      fc.assert(
        fc.property(fc.oneof(fc.string({ maxLength: 2100 }), fc.string({ unit: 'binary', maxLength: 300 }), fc.string({ unit: 'grapheme' })), (v) => {
          const parsed = z.safeParse(schema, input(v));
          if (!parsed.success) expect(parsed.error.issues.every((i) => isCode(i.message))).toBe(true);
        }),
        { numRuns: 1000 },
      );
    });
  }
});
