import * as z from 'zod/mini';
import { requiredText } from './account';
import { checkOptionLabels, duplicateIssues } from './choices';
import { code, invalidValue, issueAt, reportIssues, whenValid, type FieldIssue, type ValidationCode } from './issues';
import { flagSchema } from './common';

/** A test question: one correct option (radio) or several (checkbox). */
export interface TestQuestion {
  title: string;
  fieldName: string;
  type: 'radio' | 'checkbox';
  options: readonly string[];
  /** Indexes into `options`. */
  correctAnswers: readonly number[];
  explanation?: string;
}

/** SPEC §5: a question has its correct answer, taken from its own options (only one for radio). */
export function checkCorrectAnswers(question: TestQuestion): ValidationCode | undefined {
  const { correctAnswers, options, type } = question;
  if (correctAnswers.length === 0) return 'validation/correct_answer_required';
  const inRange = correctAnswers.every((i) => Number.isInteger(i) && i >= 0 && i < options.length);
  const distinct = new Set(correctAnswers).size === correctAnswers.length;
  const countFits = type === 'checkbox' || correctAnswers.length === 1;
  return inRange && distinct && countFits ? undefined : 'validation/invalid_value';
}

/**
 * The pass standard is the number of correct answers needed to pass: a whole number from 1
 * to the number of questions.
 */
export const checkPassStandard = (passStandard: number, questionCount: number): ValidationCode | undefined =>
  Number.isInteger(passStandard) && passStandard >= 1 && passStandard <= questionCount
    ? undefined
    : 'validation/pass_standard_out_of_range';

/** SPEC §5: options valid (two or more, none empty or repeated), field names unique, correct answers set. */
export function checkTestQuestions(questions: readonly TestQuestion[]): FieldIssue[] {
  return [
    ...duplicateIssues(
      questions.map((q) => q.fieldName),
      (i) => ['questions', i, 'fieldName'],
      'validation/duplicate_field_name',
    ),
    ...questions.flatMap((q, i): FieldIssue[] => {
      const options = checkOptionLabels(q.options, ['questions', i, 'options']);
      const correct = checkCorrectAnswers(q);
      return correct ? [...options, { path: ['questions', i, 'correctAnswers'], code: correct }] : options;
    }),
  ];
}

/** A member passes with at least `passStandard` correct answers. */
export const isTestPassed = (correctCount: number, passStandard: number): boolean => correctCount >= passStandard;

export const testQuestionSchema = z.object(
  {
    title: requiredText(1000),
    fieldName: requiredText(100),
    type: z.enum(['radio', 'checkbox'], invalidValue),
    options: z.array(z.string({ error: code('validation/option_label_required') }), {
      error: code('validation/options_too_few'),
    }),
    correctAnswers: z.array(z.number({ error: code('validation/invalid_value') }), {
      error: code('validation/correct_answer_required'),
    }),
    explanation: z.optional(z.string(invalidValue).check(z.maxLength(2000, code('validation/too_long')))),
  },
  invalidValue,
);

/** A test: name, questions and pass standard required; questions checked as a whole. */
export const testSchema = z
  .object(
    {
      title: requiredText(),
      questions: z.array(testQuestionSchema, invalidValue).check(z.minLength(1, code('validation/questions_required'))),
      passStandard: z.number({ error: code('validation/pass_standard_out_of_range') }),
      retest: flagSchema(true),
      stopRetestIfPassed: flagSchema(false),
      /** Undefined: no limit. */
      retestLimit: z.optional(
        z
          .number(invalidValue)
          .check(z.refine(Number.isSafeInteger, code('validation/not_integer')), z.gte(1, code('validation/invalid_value'))),
      ),
    },
    invalidValue,
  )
  .check(
    z.superRefine(
      (test, ctx) => reportIssues(ctx, issueAt(['passStandard'], checkPassStandard(test.passStandard, test.questions.length))),
      whenValid('questions', 'passStandard'),
    ),
    z.superRefine((test, ctx) => reportIssues(ctx, checkTestQuestions(test.questions)), whenValid('questions')),
  );
export type TestInput = z.input<typeof testSchema>;
