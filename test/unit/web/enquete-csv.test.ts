import { describe, expect, it } from 'vitest';
import type { EnqueteAnswer } from '../../../shared/api/calls/enquete';
import type { SurveyQuestion } from '../../../shared/rules/survey';
import { answersCsv, csvCell } from '../../../web/src/features/enquete/csv';

const questions: SurveyQuestion[] = [
  { title: 'お仕事', fieldName: 'job', type: 'singleLine', required: true, options: [] },
  { title: 'Topics', fieldName: 'topics', type: 'checkbox', required: false, options: ['Video', 'PDF'] },
  { title: 'Note', fieldName: 'note', type: 'multiline', required: false, options: [] },
];
const answer = (userName: string, answers: EnqueteAnswer['answers']): EnqueteAnswer => ({
  userId: 'u1',
  userName,
  answers,
  answeredAt: '2026-01-02T03:04:05.000Z',
  source: 'registration',
});

describe('the answers CSV (web/src/features/enquete/csv.ts)', () => {
  it('starts with a BOM, has one column per field name and quotes every cell', () => {
    const csv = answersCsv(questions, [answer('山田 太郎', { job: '教師', topics: ['Video', 'PDF'], note: 'line 1\nline "2"' })], { name: '会員', answeredAt: '回答日時' });
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const [header, row] = csv.slice(1).split('\r\n');
    expect(header).toBe('"会員","回答日時","job","topics","note"');
    expect(row).toBe('"山田 太郎","2026-01-02T03:04:05.000Z","教師","Video, PDF","line 1\nline ""2"""');
    expect(csv.endsWith('\r\n')).toBe(true);
  });

  it('leaves a missing answer empty', () => {
    const csv = answersCsv(questions, [answer('A', { job: 'x' })], { name: 'Member', answeredAt: 'Answered' });
    expect(csv.slice(1).split('\r\n')[1]).toBe('"A","2026-01-02T03:04:05.000Z","x","",""');
  });

  it('prefixes a quote to cells a spreadsheet would run as a formula (= + - @, tab, carriage return)', () => {
    for (const dangerous of ['=HYPERLINK("http://x")', '+1', '-1+2', '@SUM(A1)', '\t=1', '\r=1']) expect(csvCell(dangerous)).toBe(`"'${dangerous.replace(/"/g, '""')}"`);
    expect(csvCell('plain = text')).toBe('"plain = text"');
    const csv = answersCsv(questions, [answer('=cmd|x', { job: '@evil' })], { name: 'Member', answeredAt: 'Answered' });
    expect(csv).toContain(`"'=cmd|x"`);
    expect(csv).toContain(`"'@evil"`);
  });
});
