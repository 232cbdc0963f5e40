import { describe, expect, it } from 'vitest';
import { checkEventContents, checkEventPeriods, eventSchema } from '../../../shared/rules/event';
import { fieldCodes } from './helpers';

const d = (iso: string) => new Date(iso);
const valid = {
  applicationStart: d('2024-05-01T00:00:00Z'),
  applicationEnd: d('2024-05-10T00:00:00Z'),
  holdStart: d('2024-05-05T00:00:00Z'),
  holdEnd: d('2024-05-20T00:00:00Z'),
};
const ms = (date: Date, delta: number) => new Date(date.getTime() + delta);

describe('event dates (SPEC §5)', () => {
  it('accepts periods in order', () => {
    expect(checkEventPeriods(valid)).toEqual([]);
  });

  it('application start strictly before application end', () => {
    expect(
      checkEventPeriods({ ...valid, applicationEnd: ms(valid.applicationStart, 1), holdEnd: valid.holdEnd }),
    ).toEqual([]);
    expect(checkEventPeriods({ ...valid, applicationEnd: valid.applicationStart })).toContainEqual({
      path: ['applicationEnd'],
      code: 'validation/application_period_order',
    });
  });

  it('application start strictly before hold start', () => {
    expect(checkEventPeriods({ ...valid, holdStart: ms(valid.applicationStart, 1) })).toEqual([]);
    expect(checkEventPeriods({ ...valid, holdStart: valid.applicationStart })).toEqual([
      { path: ['applicationStart'], code: 'validation/application_starts_after_hold' },
    ]);
  });

  it('application end strictly before hold end', () => {
    expect(checkEventPeriods({ ...valid, applicationEnd: ms(valid.holdEnd, -1) })).toEqual([]);
    expect(checkEventPeriods({ ...valid, applicationEnd: valid.holdEnd })).toEqual([
      { path: ['applicationEnd'], code: 'validation/application_ends_after_hold' },
    ]);
  });

  it('hold start strictly before hold end', () => {
    const holdStart = d('2024-05-19T00:00:00Z');
    expect(checkEventPeriods({ ...valid, holdStart, holdEnd: ms(holdStart, 1), applicationEnd: holdStart })).toEqual(
      [],
    );
    expect(checkEventPeriods({ ...valid, holdStart: valid.holdEnd })).toEqual([
      { path: ['holdEnd'], code: 'validation/hold_period_order' },
    ]);
  });

  it('leaves missing dates to the required check', () => {
    expect(checkEventPeriods({ holdStart: valid.holdStart })).toEqual([]);
  });

  it('needs at least one content', () => {
    expect(checkEventContents([])).toBe('validation/contents_required');
    expect(checkEventContents([{ type: 'video', id: 'v1' }])).toBeUndefined();
  });
});

describe('eventSchema', () => {
  const input = {
    title: 'オンラインセミナー',
    applicationStart: '2024-05-01T00:00:00Z',
    applicationEnd: '2024-05-10T00:00:00Z',
    holdStart: '2024-05-05T00:00:00Z',
    holdEnd: '2024-05-20T00:00:00Z',
    contents: [{ type: 'live', id: 'l1' }],
  };
  it('accepts a valid event', () => {
    expect(fieldCodes(eventSchema, input)).toEqual({});
  });
  it('reports dates and contents per field', () => {
    expect(fieldCodes(eventSchema, { ...input, holdEnd: '2024-05-04T00:00:00Z', contents: [] })).toEqual({
      applicationEnd: 'validation/application_ends_after_hold',
      holdEnd: 'validation/hold_period_order',
      contents: 'validation/contents_required',
    });
    expect(fieldCodes(eventSchema, { ...input, applicationStart: 'soon' })).toEqual({
      applicationStart: 'validation/invalid_date',
    });
  });
});
