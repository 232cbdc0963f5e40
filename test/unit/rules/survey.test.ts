import { describe, expect, it } from 'vitest';
import {
  checkSurveyAnswers,
  checkSurveyQuestions,
  surveySchema,
  type SurveyQuestion,
} from '../../../shared/rules/survey';
import { fieldCodes } from './helpers';

const q = (over: Partial<SurveyQuestion>): SurveyQuestion => ({
  title: '満足度',
  fieldName: 'satisfaction',
  type: 'radio',
  required: true,
  options: ['満足', '不満'],
  ...over,
});

describe('survey questions (SPEC §5)', () => {
  it('accepts two options and refuses one', () => {
    expect(checkSurveyQuestions([q({})])).toEqual([]);
    expect(checkSurveyQuestions([q({ options: ['満足'] })])).toEqual([
      { path: ['questions', 0, 'options'], code: 'validation/options_too_few' },
    ]);
  });

  it('ignores options of text questions', () => {
    expect(checkSurveyQuestions([q({ type: 'multiline', options: [] })])).toEqual([]);
  });

  it('refuses empty and repeated labels, on the label itself', () => {
    expect(checkSurveyQuestions([q({ type: 'checkbox', options: ['A', ' ', 'B', 'A '] })])).toEqual([
      { path: ['questions', 0, 'options', 1], code: 'validation/option_label_required' },
      { path: ['questions', 0, 'options', 3], code: 'validation/duplicate_option_label' },
    ]);
  });

  it('refuses repeated question names and field names on the later question', () => {
    expect(
      checkSurveyQuestions([q({}), q({ fieldName: 'other' }), q({ title: '感想', type: 'singleLine', options: [] })]),
    ).toEqual([
      { path: ['questions', 1, 'title'], code: 'validation/duplicate_question_name' },
      { path: ['questions', 2, 'fieldName'], code: 'validation/duplicate_field_name' },
    ]);
  });

  it('surveySchema needs a title and a question, and reports the questions per field', () => {
    expect(fieldCodes(surveySchema, { title: '講座アンケート', questions: [q({})] })).toEqual({});
    expect(fieldCodes(surveySchema, { title: '', questions: [] })).toEqual({
      title: 'validation/required',
      questions: 'validation/questions_required',
    });
    expect(fieldCodes(surveySchema, { title: 'x', questions: [q({ options: ['A', 'A'] })] })).toEqual({
      'questions.0.options.1': 'validation/duplicate_option_label',
    });
  });
});

describe('survey answers (SPEC §5: all required answered)', () => {
  const questions = [
    q({}),
    q({ title: '興味', fieldName: 'interests', type: 'checkbox', required: false, options: ['動画', 'PDF'] }),
    q({ title: '感想', fieldName: 'comment', type: 'multiline', options: [] }),
  ];

  it('accepts a complete answer', () => {
    expect(
      checkSurveyAnswers(questions, { satisfaction: '満足', interests: ['動画', 'PDF'], comment: 'よかった' }),
    ).toEqual([]);
  });

  it('reports each unanswered required question, blank text included', () => {
    expect(checkSurveyAnswers(questions, { comment: '  ' })).toEqual([
      { path: ['answers', 'satisfaction'], code: 'validation/answer_required' },
      { path: ['answers', 'comment'], code: 'validation/answer_required' },
    ]);
  });

  it('lets optional questions stay empty but refuses choices that are not options', () => {
    expect(checkSurveyAnswers(questions, { satisfaction: '満足', interests: [], comment: 'x' })).toEqual([]);
    expect(checkSurveyAnswers(questions, { satisfaction: '普通', interests: ['音楽'], comment: 'x' })).toEqual([
      { path: ['answers', 'satisfaction'], code: 'validation/invalid_value' },
      { path: ['answers', 'interests'], code: 'validation/invalid_value' },
    ]);
    expect(checkSurveyAnswers(questions, { satisfaction: ['満足', '不満'], comment: 'x' })).toEqual([
      { path: ['answers', 'satisfaction'], code: 'validation/invalid_value' },
    ]);
  });
});
