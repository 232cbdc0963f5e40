import type { EnqueteAnswer } from '../../../../shared/api/calls/enquete';
import type { SurveyQuestion } from '../../../../shared/rules/survey';
import { csvCell } from '../../lib/csv';

/** The cell rules (quoting, formula-injection guard) are web/src/lib/csv.ts's, shared with the analytics downloads. */
export { csvCell } from '../../lib/csv';

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
