import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { enqueteCreateInput, memberEnqueteAnswerInput } from '../../../shared/api/calls/enquete';
import { checkSurveyAnswers, type SurveyQuestion } from '../../../shared/rules/survey';

/**
 * Fuzz of every text field of the survey calls (1,000 generated inputs each): the call's input schema and the answer
 * rules either accept or name a field with a known code; they never throw. The integration suite sends a smaller
 * sample through the running platform.
 */
const text = fc.oneof(
  fc.string({ maxLength: 80 }),
  fc.string({ unit: 'grapheme', maxLength: 80 }),
  fc.string({ unit: 'binary', maxLength: 80 }),
  fc.constantFrom('', ' ', '\u3000', '=1+1', '<script>', 'x'.repeat(6000), '\u0000', '\ud800'),
  fc.anything(),
);
const questions: SurveyQuestion[] = [
  { title: 'Job', fieldName: 'job', type: 'singleLine', required: true, options: [] },
  { title: 'Plan', fieldName: 'plan', type: 'radio', required: true, options: ['A', 'B'] },
  { title: 'Topics', fieldName: 'topics', type: 'checkbox', required: false, options: ['X', 'Y'] },
];
const CODE = /^validation\/[a-z_]+$/;
const RUNS = { numRuns: 1000 };

function expectCleanParse(schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: { message: string }[] } } }, input: unknown) {
  const result = schema.safeParse(input);
  if (!result.success) for (const issue of result.error!.issues) expect(issue.message).toMatch(CODE);
}

describe('survey text fields under generated input', () => {
  const base = { title: 'T', questions: [{ title: 'Q', fieldName: 'q', type: 'radio', required: true, options: ['A', 'B'] }] };
  const q = base.questions[0]!;
  it('the title', () => fc.assert(fc.property(text, (title) => expectCleanParse(enqueteCreateInput, { ...base, title })), RUNS));
  it('a question title', () => fc.assert(fc.property(text, (title) => expectCleanParse(enqueteCreateInput, { ...base, questions: [{ ...q, title }] })), RUNS));
  it('a field name', () => fc.assert(fc.property(text, (fieldName) => expectCleanParse(enqueteCreateInput, { ...base, questions: [{ ...q, fieldName }] })), RUNS));
  it('an option label', () => fc.assert(fc.property(text, (o) => expectCleanParse(enqueteCreateInput, { ...base, questions: [{ ...q, options: [o, 'B'] }] })), RUNS));
  it('an answer (schema, then the survey rules on what the schema let through)', () =>
    fc.assert(
      fc.property(text, (value) => {
        const input = { source: 'registration', answers: { job: value, plan: value, topics: [value] } };
        expectCleanParse(memberEnqueteAnswerInput, input);
        const parsed = memberEnqueteAnswerInput.safeParse(input);
        if (parsed.success) for (const issue of checkSurveyAnswers(questions, parsed.data.answers)) expect(issue.code).toMatch(CODE);
      }),
      RUNS,
    ));
});
