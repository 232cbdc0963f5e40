import * as z from 'zod/mini';
import { requiredText } from './account';
import { checkOptionLabels, duplicateIssues } from './choices';
import { code, invalidValue, reportIssues, whenValid, type FieldIssue } from './issues';
import { flagSchema } from './common';

export const surveyQuestionTypes = ['singleLine', 'multiline', 'radio', 'checkbox'] as const;
export type SurveyQuestionType = (typeof surveyQuestionTypes)[number];

/** A survey question: `title` is what members read, `fieldName` names its column in the answers. */
export interface SurveyQuestion {
  title: string;
  fieldName: string;
  type: SurveyQuestionType;
  required: boolean;
  /** Labels of a radio or checkbox question; ignored for text questions. */
  options: readonly string[];
}

export const isChoiceQuestion = (type: SurveyQuestionType): boolean => type === 'radio' || type === 'checkbox';

/** SPEC §5: question names unique, field names unique, and every choice question's options valid. */
export function checkSurveyQuestions(questions: readonly SurveyQuestion[]): FieldIssue[] {
  return [
    ...duplicateIssues(
      questions.map((q) => q.title),
      (i) => ['questions', i, 'title'],
      'validation/duplicate_question_name',
    ),
    ...duplicateIssues(
      questions.map((q) => q.fieldName),
      (i) => ['questions', i, 'fieldName'],
      'validation/duplicate_field_name',
    ),
    ...questions.flatMap((q, i) => (isChoiceQuestion(q.type) ? checkOptionLabels(q.options, ['questions', i, 'options']) : [])),
  ];
}

/** A member's answers by field name: text for text and radio questions, labels for checkboxes. */
export type SurveyAnswers = Record<string, string | string[] | undefined>;

const isBlank = (answer: string | string[] | undefined): boolean =>
  answer === undefined || (Array.isArray(answer) ? answer.length === 0 : answer.trim() === '');

/** SPEC §5: every required question answered, and choices taken from the question's options. */
export function checkSurveyAnswers(questions: readonly SurveyQuestion[], answers: SurveyAnswers): FieldIssue[] {
  return questions.flatMap((q): FieldIssue[] => {
    const answer = answers[q.fieldName];
    const path = ['answers', q.fieldName];
    if (isBlank(answer)) return q.required ? [{ path, code: 'validation/answer_required' }] : [];
    if (!isChoiceQuestion(q.type)) return [];
    const chosen = Array.isArray(answer) ? answer : [answer as string];
    const fits = (q.type === 'checkbox' || chosen.length === 1) && chosen.every((c) => q.options.includes(c));
    return fits ? [] : [{ path, code: 'validation/invalid_value' }];
  });
}

export const surveyQuestionSchema = z.object(
  {
    title: requiredText(),
    fieldName: requiredText(100),
    type: z.enum(surveyQuestionTypes, invalidValue),
    required: flagSchema(false),
    options: z._default(z.array(z.string({ error: code('validation/option_label_required') }), invalidValue), []),
  },
  invalidValue,
);

/** A survey (enquete): a title and at least one question, checked as a whole. */
export const surveySchema = z
  .object(
    {
      title: requiredText(),
      questions: z.array(surveyQuestionSchema, invalidValue).check(z.minLength(1, code('validation/questions_required'))),
    },
    invalidValue,
  )
  .check(z.superRefine((survey, ctx) => reportIssues(ctx, checkSurveyQuestions(survey.questions)), whenValid('questions')));
export type SurveyInput = z.input<typeof surveySchema>;
