import type { EnqueteAnswer } from '../../../../shared/api/calls/enquete';
import type { SurveyQuestion } from '../../../../shared/rules/survey';

/**
 * A cell as a spreadsheet must read it as text: quoted, inner quotes doubled, and a value a spreadsheet would run
 * as a formula (starting with = + - @, or a tab or carriage return) prefixed with a quote (CSV formula injection).
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

const answerText = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(', ') : (value ?? ''));

/**
 * The answers as CSV: member name, date, then one column per question named by its field name. UTF-8 with a BOM so
 * Excel opens Japanese text correctly; CRLF line ends.
 */
export function answersCsv(questions: readonly SurveyQuestion[], answers: readonly EnqueteAnswer[], labels: { name: string; answeredAt: string }): string {
  const header = [labels.name, labels.answeredAt, ...questions.map((q) => q.fieldName)];
  const rows = answers.map((a) => [a.userName, a.answeredAt, ...questions.map((q) => answerText(a.answers[q.fieldName]))]);
  return `\uFEFF${[header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
