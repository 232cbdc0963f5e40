/**
 * A cell as a spreadsheet must read it as text: quoted, inner quotes doubled, and a value a spreadsheet would run
 * as a formula (starting with = + - @, or a tab or carriage return) prefixed with a quote (CSV formula injection).
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** Rows as CSV: UTF-8 with a BOM so Excel opens Japanese text correctly; CRLF line ends. */
export const csvText = (rows: readonly (readonly (string | number)[])[]): string =>
  `\uFEFF${rows.map((row) => row.map((v) => csvCell(String(v))).join(',')).join('\r\n')}\r\n`;

/** Saves `csv` as a file download named `fileName`. */
export function downloadCsv(fileName: string, csv: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}
