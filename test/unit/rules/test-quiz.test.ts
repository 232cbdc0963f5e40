import { describe, expect, it } from 'vitest';
import {
  checkCorrectAnswers,
  checkPassStandard,
  checkTestQuestions,
  isTestPassed,
  testSchema,
  type TestQuestion,
} from '../../../shared/rules/test-quiz';
import { fieldCodes } from './helpers';

const q = (over: Partial<TestQuestion> = {}): TestQuestion => ({
  title: '日本の首都は？',
  fieldName: 'q1',
  type: 'radio',
  options: ['東京', '大阪'],
  correctAnswers: [0],
  ...over,
});

describe('test questions (SPEC §5)', () => {
  it('accepts a complete question', () => {
    expect(checkTestQuestions([q()])).toEqual([]);
  });

  it('needs a correct answer among its own options, only one for radio', () => {
    expect(checkCorrectAnswers(q({ correctAnswers: [] }))).toBe('validation/correct_answer_required');
    expect(checkCorrectAnswers(q({ correctAnswers: [1] }))).toBeUndefined();
    expect(checkCorrectAnswers(q({ correctAnswers: [2] }))).toBe('validation/invalid_value');
    expect(checkCorrectAnswers(q({ correctAnswers: [-1] }))).toBe('validation/invalid_value');
    expect(checkCorrectAnswers(q({ correctAnswers: [0, 1] }))).toBe('validation/invalid_value');
    expect(checkCorrectAnswers(q({ type: 'checkbox', correctAnswers: [0, 1] }))).toBeUndefined();
    expect(checkCorrectAnswers(q({ type: 'checkbox', correctAnswers: [0, 0] }))).toBe('validation/invalid_value');
  });

  it('refuses too few, empty or repeated options and repeated field names', () => {
    expect(checkTestQuestions([q({ options: ['東京'] }), q({ options: ['東京', '東京'] })])).toEqual([
      { path: ['questions', 1, 'fieldName'], code: 'validation/duplicate_field_name' },
      { path: ['questions', 0, 'options'], code: 'validation/options_too_few' },
      { path: ['questions', 1, 'options', 1], code: 'validation/duplicate_option_label' },
    ]);
    expect(checkTestQuestions([q({ options: ['東京', ''] })])).toEqual([
      { path: ['questions', 0, 'options', 1], code: 'validation/option_label_required' },
    ]);
  });

  it('pass standard: a whole number from 1 to the number of questions', () => {
    expect(checkPassStandard(1, 3)).toBeUndefined();
    expect(checkPassStandard(3, 3)).toBeUndefined();
    expect(checkPassStandard(0, 3)).toBe('validation/pass_standard_out_of_range');
    expect(checkPassStandard(4, 3)).toBe('validation/pass_standard_out_of_range');
    expect(checkPassStandard(1.5, 3)).toBe('validation/pass_standard_out_of_range');
  });

  it('passes at the standard, not below', () => {
    expect(isTestPassed(3, 3)).toBe(true);
    expect(isTestPassed(2, 3)).toBe(false);
  });
});

describe('testSchema', () => {
  const test = { title: '確認テスト', questions: [q(), q({ fieldName: 'q2' })], passStandard: 2 };
  it('accepts a complete test', () => {
    expect(fieldCodes(testSchema, test)).toEqual({});
  });
  it('requires name, questions and pass standard', () => {
    expect(fieldCodes(testSchema, { title: '', questions: [] })).toEqual({
      title: 'validation/required',
      questions: 'validation/questions_required',
      passStandard: 'validation/pass_standard_out_of_range',
    });
  });
  it('reports question problems and the pass standard per field', () => {
    expect(fieldCodes(testSchema, { ...test, questions: [q({ correctAnswers: [] })], passStandard: 2 })).toEqual({
      'questions.0.correctAnswers': 'validation/correct_answer_required',
      passStandard: 'validation/pass_standard_out_of_range',
    });
  });
});
