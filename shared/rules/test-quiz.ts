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

/** A member's choice for each question, by its field name: indexes into the question's options. */
export type TestAnswers = Readonly<Record<string, readonly number[]>>;

/**
 * The answers must fit the questions: every question answered (one option for radio, at least one for
 * checkbox), each index one of its options, no repeats, no unknown field names. Paths are `answers.<fieldName>`.
 */
export function checkTestAnswers(questions: readonly TestQuestion[], answers: TestAnswers): FieldIssue[] {
  const known = new Set(questions.map((q) => q.fieldName));
  const unknown = Object.keys(answers)
    .filter((name) => !known.has(name))
    .map((name): FieldIssue => ({ path: ['answers', name], code: 'validation/invalid_value' }));
  return [
    ...questions.flatMap((q): FieldIssue[] => {
      const chosen = Object.prototype.hasOwnProperty.call(answers, q.fieldName) ? answers[q.fieldName]! : [];
      if (chosen.length === 0) return [{ path: ['answers', q.fieldName], code: 'validation/answer_required' }];
      const fits =
        chosen.every((i) => Number.isInteger(i) && i >= 0 && i < q.options.length) &&
        new Set(chosen).size === chosen.length &&
        (q.type === 'checkbox' || chosen.length === 1);
      return fits ? [] : [{ path: ['answers', q.fieldName], code: 'validation/invalid_value' }];
    }),
    ...unknown,
  ];
}

/** A question is answered correctly when the chosen options are exactly its correct answers. */
export const isAnswerCorrect = (question: TestQuestion, chosen: readonly number[]): boolean =>
  chosen.length === question.correctAnswers.length && question.correctAnswers.every((i) => chosen.includes(i));

/** Grades checked answers: which questions were right, the score (correct count) and pass or fail. */
export function gradeTest(
  questions: readonly TestQuestion[],
  answers: TestAnswers,
  passStandard: number,
): { correct: boolean[]; score: number; passed: boolean } {
  const correct = questions.map((q) => isAnswerCorrect(q, answers[q.fieldName] ?? []));
  const score = correct.filter(Boolean).length;
  return { correct, score, passed: isTestPassed(score, passStandard) };
}

/**
 * The pass button's URL variables (SPEC §3 "button URL variables"), written in braces:
 * `{teamId}`, `{teamName}`, `{userId}`, `{userName}` and `{custom.<field name>}` for a custom field's
 * answer (the field's name as the operator named it). Each value is URL-encoded when filled in on the server.
 */
export const TEST_URL_VARIABLES = ['teamId', 'teamName', 'userId', 'userName'] as const;
const CUSTOM_PREFIX = 'custom.';
const variablePattern = /\{([^{}]*)\}/g;

/** The variable names a URL template uses, in order (`custom.<name>` kept whole). */
export const urlVariablesOf = (template: string): string[] => [...template.matchAll(variablePattern)].map((m) => m[1]!);

/** Undefined when every variable is known (`customFieldNames`: the team's custom fields), else the field message. */
export function checkUrlVariables(template: string, customFieldNames: readonly string[]): ValidationCode | undefined {
  const known = (name: string) =>
    (TEST_URL_VARIABLES as readonly string[]).includes(name) ||
    (name.startsWith(CUSTOM_PREFIX) && customFieldNames.includes(name.slice(CUSTOM_PREFIX.length)));
  return urlVariablesOf(template).every(known) ? undefined : 'validation/unknown_url_variable';
}

/** The values to fill in: the fixed variables and the member's custom field answers by field name. */
export interface UrlVariableValues {
  teamId: string;
  teamName: string;
  userId: string;
  userName: string;
  custom: Readonly<Record<string, string | number | boolean | readonly string[] | undefined>>;
}

/** encodeURIComponent throws on a lone surrogate: such a half character becomes U+FFFD first. */
const encodeValue = (value: string) => encodeURIComponent(value.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'));

/** Fills each variable with its URL-encoded value; a custom field the member did not answer is empty. */
export function fillUrlVariables(template: string, values: UrlVariableValues): string {
  return template.replace(variablePattern, (whole, name: string) => {
    if (name.startsWith(CUSTOM_PREFIX)) {
      const answer = values.custom[name.slice(CUSTOM_PREFIX.length)];
      return encodeValue(answer === undefined ? '' : Array.isArray(answer) ? answer.join(',') : String(answer));
    }
    return (TEST_URL_VARIABLES as readonly string[]).includes(name) ? encodeValue(values[name as (typeof TEST_URL_VARIABLES)[number]]) : whole;
  });
}

/** The URL with its variables stood in for by a harmless value must be an http(s) address. */
const isHttpTemplate = (template: string): boolean => {
  try {
    const url = new URL(template.replace(variablePattern, 'x'));
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
};

/** The pass button needs both its text and an http(s) URL, or neither. */
export function checkPassButton(text: string | undefined, url: string | undefined): FieldIssue[] {
  const hasText = !!text?.trim();
  const hasUrl = !!url?.trim();
  if (!hasText && !hasUrl) return [];
  return [
    ...(hasText ? [] : issueAt(['passButtonText'], 'validation/required')),
    ...(!hasUrl ? issueAt(['passButtonUrl'], 'validation/required') : isHttpTemplate(url!.trim()) ? [] : issueAt(['passButtonUrl'], 'validation/invalid_value')),
  ];
}

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
      /** Only a member who finished a video this test is attached to (its completion action) may take it. */
      testOnlyAfterVideo: flagSchema(false),
      passShowExplanation: flagSchema(true),
      /** The pass button: text and URL together or neither; the URL may hold `TEST_URL_VARIABLES`. */
      passButtonText: z.optional(z.string(invalidValue).check(z.maxLength(100, code('validation/too_long')))),
      passButtonUrl: z.optional(z.string(invalidValue).check(z.maxLength(2000, code('validation/too_long')))),
      passNote: z.optional(z.string(invalidValue).check(z.maxLength(2000, code('validation/too_long')))),
      failShowAnswer: flagSchema(false),
      failShowExplanation: flagSchema(false),
    },
    invalidValue,
  )
  .check(
    z.superRefine(
      (test, ctx) => reportIssues(ctx, issueAt(['passStandard'], checkPassStandard(test.passStandard, test.questions.length))),
      whenValid('questions', 'passStandard'),
    ),
    z.superRefine((test, ctx) => reportIssues(ctx, checkTestQuestions(test.questions)), whenValid('questions')),
    z.superRefine(
      (test, ctx) => reportIssues(ctx, checkPassButton(test.passButtonText, test.passButtonUrl)),
      whenValid('passButtonText', 'passButtonUrl'),
    ),
  );
export type TestInput = z.input<typeof testSchema>;
