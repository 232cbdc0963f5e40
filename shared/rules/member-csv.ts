import Papa from 'papaparse';
import { MEMBER_CSV_LIST_SEPARATOR } from '../constants';
import type { ImportErrorCode } from '../error-catalogue';
import { emailSchema } from './account';
import { isValidDateText } from './dates';

export type CustomFieldType = 'text' | 'number' | 'date' | 'yesNo' | 'radio' | 'checkbox';

/** A team's custom member field; its `name` is its CSV column header. */
export interface CustomFieldDef {
  name: string;
  type: CustomFieldType;
  required?: boolean;
  /** The allowed values of a radio or checkbox field; when absent any value is taken. */
  options?: readonly string[];
}

export type CustomFieldValue = string | number | boolean | string[];

/** One valid data row. Blank optional cells are left out rather than stored as ''. */
export interface MemberRow {
  /** The CSV record number, header = 1, as a spreadsheet numbers its rows. */
  row: number;
  id?: string;
  email: string;
  name?: string;
  phone?: string;
  groups: string[];
  disabled?: boolean;
  /** `YYYY-MM-DD`. */
  expiration?: string;
  customFields: Record<string, CustomFieldValue>;
}

/** `row` 0 is the file as a whole (no data, too many rows); the header is row 1 unless blank lines precede it. */
export interface MemberCsvError {
  row: number;
  column?: string;
  code: ImportErrorCode;
}

export interface MemberCsvResult {
  /** Only rows without errors; every row left out has at least one error. */
  rows: MemberRow[];
  errors: MemberCsvError[];
}

/**
 * The bulk-update errors only the server can find (it knows the users and groups), plus
 * the summary of how many errors a file had (`{{count}}`). The parser's own codes are in
 * `MemberCsvError`.
 */
export const memberCsvServerErrorCodes = [
  'import/user_not_found',
  'import/group_not_found',
  'import/error_count',
] as const satisfies readonly ImportErrorCode[];

type ColumnType = 'text' | 'email' | 'list' | CustomFieldType;
interface Column {
  type: ColumnType;
  required: boolean;
  options?: readonly string[];
}

/** The fixed columns; only `email` must be present. `groups` holds group names separated by `|`. */
export const memberCsvColumns = {
  id: { type: 'text', required: false },
  email: { type: 'email', required: true },
  name: { type: 'text', required: false },
  phone: { type: 'text', required: false },
  groups: { type: 'list', required: false },
  disabled: { type: 'yesNo', required: false },
  expiration: { type: 'date', required: false },
} as const satisfies Record<string, Column>;
type StandardColumn = keyof typeof memberCsvColumns;
const isStandard = (name: string): name is StandardColumn => Object.hasOwn(memberCsvColumns, name);

const splitList = (value: string) =>
  value
    .split(MEMBER_CSV_LIST_SEPARATOR)
    .map((v) => v.trim())
    .filter((v) => v !== '');

type CellResult = { value: CustomFieldValue | undefined } | { error: ImportErrorCode };

/** One cell against its column: blank is `undefined` (or `import/required`), else the typed value. */
function readCell(raw: string, column: Column): CellResult {
  const value = raw.trim();
  if (value === '') return column.required ? { error: 'import/required' } : { value: undefined };
  switch (column.type) {
    case 'email': {
      const parsed = emailSchema.safeParse(value);
      return parsed.success ? { value: parsed.data } : { error: 'import/invalid_email' };
    }
    case 'number':
      return /^[+-]?[0-9]+(\.[0-9]+)?$/.test(value) ? { value: Number(value) } : { error: 'import/not_number' };
    case 'yesNo':
      return /^(yes|no)$/i.test(value) ? { value: value.toUpperCase() === 'YES' } : { error: 'import/not_yes_no' };
    case 'date':
      return isValidDateText(value) ? { value } : { error: 'import/invalid_date' };
    case 'list':
      return { value: splitList(value) };
    case 'radio':
      return !column.options || column.options.includes(value) ? { value } : { error: 'import/invalid_radio_value' };
    case 'checkbox': {
      const chosen = splitList(value);
      return !column.options || chosen.every((c) => column.options?.includes(c))
        ? { value: chosen }
        : { error: 'import/invalid_checkbox_value' };
    }
    default:
      return { value };
  }
}

const isBlankRecord = (cells: readonly string[]) => cells.every((c) => c.trim() === '');

interface Header {
  names: string[];
  columns: Map<string, Column>;
  errors: MemberCsvError[];
}

/** Header checks: no repeated or unknown columns, `email` and every custom field present. */
function readHeader(cells: readonly string[], row: number, customFields: readonly CustomFieldDef[]): Header {
  const names = cells.map((c) => c.trim());
  const custom = new Map(customFields.map((f) => [f.name, f]));
  const columns = new Map<string, Column>();
  const errors: MemberCsvError[] = [];
  for (const name of names) {
    if (columns.has(name)) errors.push({ row, column: name, code: 'import/duplicate_column' });
    else if (isStandard(name)) columns.set(name, memberCsvColumns[name]);
    else if (custom.has(name)) {
      const def = custom.get(name) as CustomFieldDef;
      columns.set(name, { type: def.type, required: def.required ?? false, options: def.options });
    } else errors.push({ row, column: name, code: 'import/unknown_column' });
  }
  for (const [name, column] of Object.entries(memberCsvColumns) as [StandardColumn, Column][]) {
    if (column.required && !columns.has(name)) errors.push({ row, column: name, code: 'import/missing_column' });
  }
  for (const f of customFields) {
    if (!columns.has(f.name)) errors.push({ row, column: f.name, code: 'import/custom_field_missing' });
  }
  return { names, columns, errors };
}

/** The typed values of one record, or its cell errors. */
function readRecord(cells: readonly string[], header: Header, row: number) {
  const values = new Map<string, CustomFieldValue>();
  const errors: MemberCsvError[] = [];
  header.names.forEach((name, index) => {
    const column = header.columns.get(name);
    if (!column || values.has(name)) return;
    const result = readCell(cells[index] ?? '', column);
    if ('error' in result) errors.push({ row, column: name, code: result.error });
    else if (result.value !== undefined) values.set(name, result.value);
  });
  return { values, errors };
}

function toMemberRow(
  row: number,
  values: Map<string, CustomFieldValue>,
  customFields: readonly CustomFieldDef[],
): MemberRow {
  const text = (name: StandardColumn) => values.get(name) as string | undefined;
  const customValues: Record<string, CustomFieldValue> = {};
  for (const f of customFields) {
    const v = values.get(f.name);
    if (v !== undefined) customValues[f.name] = v;
  }
  return {
    row,
    id: text('id'),
    email: text('email') as string,
    name: text('name'),
    phone: text('phone'),
    groups: (values.get('groups') as string[] | undefined) ?? [],
    disabled: values.get('disabled') as boolean | undefined,
    expiration: text('expiration'),
    customFields: customValues,
  };
}

/** Records whose quotes do not match, by record index: Papa reads them to the end of the file. */
function quoteErrorRecords(errors: readonly Papa.ParseError[]): Set<number> {
  return new Set(errors.filter((e) => e.type === 'Quotes' && e.row !== undefined).map((e) => e.row as number));
}

/**
 * SPEC §5 member CSV import (text already decoded): a header plus at least one data row,
 * matching quotes, one cell per header column, required / number / YES-NO / `YYYY-MM-DD`
 * cells, no repeated id or e-mail, every custom field in the header, at most `maxRows`
 * data rows. Blank lines are skipped. It never throws: every problem is an error with its row.
 */
export function parseMemberCsv(
  text: string,
  options: { customFields: CustomFieldDef[]; maxRows: number },
): MemberCsvResult {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { delimiter: ',', skipEmptyLines: false });
  const records = parsed.data.map((cells, index) => ({ cells, row: index + 1 })).filter((r) => !isBlankRecord(r.cells));
  const [headerRecord, ...dataRecords] = records;
  const badQuotes = quoteErrorRecords(parsed.errors);
  if (headerRecord && badQuotes.has(headerRecord.row - 1)) {
    return { rows: [], errors: [{ row: headerRecord.row, code: 'import/unmatched_quote' }] };
  }
  if (!headerRecord || dataRecords.length === 0) {
    return { rows: [], errors: [{ row: 0, code: 'import/header_and_row_required' }] };
  }
  const header = readHeader(headerRecord.cells, headerRecord.row, options.customFields);
  const errors: MemberCsvError[] = [...header.errors];
  if (dataRecords.length > options.maxRows) errors.unshift({ row: 0, code: 'import/too_many_rows' });
  const rows: MemberRow[] = [];
  const seenIds = new Set<string>();
  const seenEmails = new Set<string>();
  for (const { cells, row } of dataRecords) {
    if (badQuotes.has(row - 1)) {
      errors.push({ row, code: 'import/unmatched_quote' });
      continue;
    }
    if (cells.length !== header.names.length) {
      errors.push({ row, code: 'import/row_length' });
      continue;
    }
    const record = readRecord(cells, header, row);
    const id = record.values.get('id') as string | undefined;
    const email = record.values.get('email') as string | undefined;
    if (id !== undefined && seenIds.has(id)) record.errors.push({ row, column: 'id', code: 'import/duplicate_id' });
    if (email !== undefined && seenEmails.has(email)) {
      record.errors.push({ row, column: 'email', code: 'import/duplicate_email' });
    }
    if (id !== undefined) seenIds.add(id);
    if (email !== undefined) seenEmails.add(email);
    if (record.errors.length > 0) errors.push(...record.errors);
    else if (email !== undefined) rows.push(toMemberRow(row, record.values, options.customFields));
    else errors.push({ row, column: 'email', code: 'import/required' });
  }
  return { rows, errors };
}
