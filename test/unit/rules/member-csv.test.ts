import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MEMBER_IMPORT_MAX_ROWS } from '../../../shared/constants';
import { parseMemberCsv, type CustomFieldDef } from '../../../shared/rules/member-csv';

const customFields: CustomFieldDef[] = [
  { name: 'score', type: 'number' },
  { name: 'plan', type: 'radio', options: ['A', 'B'] },
  { name: 'hobbies', type: 'checkbox', options: ['music', 'film'] },
  { name: 'birthday', type: 'date', required: true },
  { name: 'newsletter', type: 'yesNo' },
];
const header = 'id,email,name,phone,groups,disabled,expiration,score,plan,hobbies,birthday,newsletter';
const good = 'u1,Taro@Example.com,山田 太郎,090-1234-5678,営業|開発,NO,2025-03-31,42,A,music|film,1990-01-15,YES';
const parse = (text: string, maxRows = 100) => parseMemberCsv(text, { customFields, maxRows });
const codesOf = (text: string, maxRows = 100) =>
  parse(text, maxRows).errors.map(({ row, column, code }) => ({ row, column, code }));

describe('parseMemberCsv: a valid file', () => {
  it('types every cell and numbers rows as a spreadsheet does', () => {
    const { rows, errors } = parse(`${header}\n${good}\n`);
    expect(errors).toEqual([]);
    expect(rows).toEqual([
      {
        row: 2,
        id: 'u1',
        email: 'taro@example.com',
        name: '山田 太郎',
        phone: '090-1234-5678',
        groups: ['営業', '開発'],
        disabled: false,
        expiration: '2025-03-31',
        customFields: { score: 42, plan: 'A', hobbies: ['music', 'film'], birthday: '1990-01-15', newsletter: true },
      },
    ]);
  });

  it('leaves out blank optional cells and reads quoted commas, quotes and line breaks', () => {
    const text = `\uFEFF${header}\r\n,"a@example.com","Doe, ""J""\nJr.",,,,,,,,2000-02-29,\r\n`;
    const { rows, errors } = parse(text);
    expect(errors).toEqual([]);
    expect(rows).toEqual([
      {
        row: 2,
        id: undefined,
        email: 'a@example.com',
        name: 'Doe, "J"\nJr.',
        phone: undefined,
        groups: [],
        disabled: undefined,
        expiration: undefined,
        customFields: { birthday: '2000-02-29' },
      },
    ]);
  });

  it('skips blank lines but keeps the file row numbers', () => {
    const { rows, errors } = parse(`${header}\n\n${good}\n,,,,,,,,,,,\n${good.replace('u1,Taro', 'u2,Jiro')}`);
    expect(errors).toEqual([]);
    expect(rows.map((r) => r.row)).toEqual([3, 5]);
  });
});

describe('parseMemberCsv: file rules (SPEC §5)', () => {
  it.each(['', '\n\n', header, `${header}\n`, `${header}\n,,,,,,,,,,,\n`])(
    'needs a header and a data row: %j',
    (text) => {
      expect(codesOf(text)).toEqual([{ row: 0, column: undefined, code: 'import/header_and_row_required' }]);
    },
  );

  it('takes exactly maxRows data rows and refuses one more', () => {
    const rows = (n: number) => Array.from({ length: n }, (_, i) => good.replace('u1,Taro', `u${i},t${i}`)).join('\n');
    expect(parse(`${header}\n${rows(3)}`, 3).errors).toEqual([]);
    expect(codesOf(`${header}\n${rows(4)}`, 3)).toEqual([{ row: 0, column: undefined, code: 'import/too_many_rows' }]);
    expect(parse(`${header}\n${rows(4)}`, 3).rows).toHaveLength(4);
  });

  it('reports an unclosed quote on the row where it opens', () => {
    expect(codesOf(`${header}\n${good}\nu2,"b@example.com,x,,,,,,,,2000-01-01,\nu3,c@example.com`)).toEqual([
      { row: 3, column: undefined, code: 'import/unmatched_quote' },
    ]);
    expect(codesOf(`"id,email\n${good}`)).toEqual([{ row: 1, column: undefined, code: 'import/unmatched_quote' }]);
  });

  it('reports rows whose length differs from the header', () => {
    expect(codesOf(`${header}\n${good},extra\n${good.split(',').slice(0, 5).join(',')}`)).toEqual([
      { row: 2, column: undefined, code: 'import/row_length' },
      { row: 3, column: undefined, code: 'import/row_length' },
    ]);
  });

  it('reports header problems: missing e-mail or custom field, unknown and repeated columns', () => {
    const errors = codesOf('id,name,name,nickname,score,plan,hobbies,birthday\nu1,a,a,b,1,A,music,2000-01-01');
    expect(errors).toEqual(
      expect.arrayContaining([
        { row: 1, column: 'name', code: 'import/duplicate_column' },
        { row: 1, column: 'nickname', code: 'import/unknown_column' },
        { row: 1, column: 'email', code: 'import/missing_column' },
        { row: 1, column: 'newsletter', code: 'import/custom_field_missing' },
        { row: 2, column: 'email', code: 'import/required' },
      ]),
    );
    expect(errors).toHaveLength(5);
  });
});

describe('parseMemberCsv: cell rules (SPEC §5)', () => {
  const withCell = (column: string, value: string) => {
    const cells = good.split(',');
    cells[header.split(',').indexOf(column)] = value;
    return `${header}\n${cells.join(',')}`;
  };

  it.each([
    ['email', '', 'import/required'],
    ['email', 'not-an-email', 'import/invalid_email'],
    ['birthday', '', 'import/required'],
    ['birthday', '2023-02-29', 'import/invalid_date'],
    ['birthday', '1990/01/15', 'import/invalid_date'],
    ['expiration', '2025-3-31', 'import/invalid_date'],
    ['disabled', 'はい', 'import/not_yes_no'],
    ['newsletter', 'Y', 'import/not_yes_no'],
    ['score', '４２', 'import/not_number'],
    ['score', '1e3', 'import/not_number'],
    ['plan', 'C', 'import/invalid_radio_value'],
    ['hobbies', 'music|golf', 'import/invalid_checkbox_value'],
  ])('%s = %j -> %s', (column, value, code) => {
    const { rows, errors } = parse(withCell(column, value));
    expect(rows).toEqual([]);
    expect(errors).toEqual([{ row: 2, column, code }]);
  });

  it.each([
    ['disabled', 'yes', true],
    ['newsletter', ' No ', false],
    ['score', '-3.5', -3.5],
    ['birthday', '2000-02-29', '2000-02-29'],
  ])('%s = %j is read as %j', (column, value, expected) => {
    const [row] = parse(withCell(column, value)).rows;
    const values: Record<string, unknown> = { ...row, ...row?.customFields };
    expect(values[column]).toEqual(expected);
  });

  it('refuses a repeated id or e-mail (e-mail compared without case) on the later row', () => {
    const second = good.replace('Taro@Example.com', 'taro@example.COM').replace('u1,', 'u2,');
    const third = good.replace('Taro@Example.com', 'c@example.com');
    const { rows, errors } = parse(`${header}\n${good}\n${second}\n${third}`);
    expect(errors).toEqual([
      { row: 3, column: 'email', code: 'import/duplicate_email' },
      { row: 4, column: 'id', code: 'import/duplicate_id' },
    ]);
    expect(rows.map((r) => r.row)).toEqual([2]);
  });

  it('uses the configured maximum when given the shared constant', () => {
    expect(parseMemberCsv(`${header}\n${good}`, { customFields, maxRows: MEMBER_IMPORT_MAX_ROWS }).errors).toEqual([]);
  });
});

describe('parseMemberCsv: properties', () => {
  it('never throws on arbitrary text, and never both keeps and faults a row', () => {
    const text = fc.oneof(
      fc.string({ maxLength: 300 }),
      fc
        .array(fc.constantFrom('"', ',', '\n', '\r', 'a', 'email', 'id', '@', ' ', 'YES', '\uFEFF'), { maxLength: 80 })
        .map((p) => p.join('')),
    );
    fc.assert(
      fc.property(text, fc.nat(5), (t, maxRows) => {
        const result = parseMemberCsv(t, { customFields, maxRows });
        const errorRows = new Set(result.errors.map((e) => e.row));
        for (const e of result.errors) expect(e.code).toMatch(/^import\//);
        for (const r of result.rows) expect(errorRows.has(r.row)).toBe(false);
      }),
      { numRuns: 500 },
    );
  });

  /** CSV as a spreadsheet writes it: cells quoted when they hold a comma, quote or line break. */
  const toCsv = (records: string[][]) =>
    records
      .map((cells) => cells.map((c) => (/[",\r\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(','))
      .join('\r\n');

  const cell = (choices: string[]) => fc.oneof(fc.constantFrom(...choices), fc.string({ maxLength: 6 }));
  const record = fc.tuple(
    cell(['u1', 'u2', 'u3', '']),
    cell(['a@example.com', 'b@example.com', 'c@example.com', 'bad', '']),
    cell(['YES', 'NO', 'maybe', '']),
    cell(['2024-02-29', '2023-02-29', '']),
    cell(['1', '2.5', 'x', '']),
    cell(['A', 'B', 'C', '']),
  );
  const fields: CustomFieldDef[] = [
    { name: 'score', type: 'number' },
    { name: 'plan', type: 'radio', options: ['A', 'B'] },
  ];

  it('reports every bad row instead of dropping it, and keeps good rows as written', () => {
    fc.assert(
      fc.property(fc.array(record, { minLength: 1, maxLength: 8 }), (records) => {
        fc.pre(records.every((r) => r.some((c) => c.trim() !== '')));
        const text = toCsv([['id', 'email', 'disabled', 'expiration', 'score', 'plan'], ...records]);
        const { rows, errors } = parseMemberCsv(text, { customFields: fields, maxRows: 100 });
        const errorRows = new Set(errors.map((e) => e.row));
        records.forEach(([id, email], i) => {
          const row = i + 2;
          const kept = rows.find((r) => r.row === row);
          expect(Boolean(kept) !== errorRows.has(row), `row ${row}`).toBe(true);
          if (kept) {
            expect(kept.email).toBe(email.trim().toLowerCase());
            expect(kept.id).toBe(id.trim() === '' ? undefined : id.trim());
          }
        });
      }),
      { numRuns: 500 },
    );
  });
});
