import { describe, expect, it } from 'vitest';
import { EVENT_MAX_CONTENTS, eventCalls, eventFieldsSchema } from '../../../shared/api/calls/events';
import { fieldCodes } from '../rules/helpers';

/** The form's `fields` of an event (SPEC §3 Event, SPEC §5 event rules), as the server answers them per field. */
const valid = {
  format: 'application',
  applicationStart: '2024-05-01T00:00:00.000Z',
  applicationEnd: '2024-05-10T00:00:00.000Z',
  holdStart: '2024-05-05T00:00:00.000Z',
  holdEnd: '2024-05-20T00:00:00.000Z',
  contents: [
    { type: 'video', id: 'v1' },
    { type: 'live', id: 'l1' },
    { type: 'pdf', id: 'p1' },
  ],
};

describe('eventFieldsSchema', () => {
  it('accepts videos, lives and PDFs, reading the dates as Dates; the format defaults to application', () => {
    const { format: _format, ...withoutFormat } = valid;
    const parsed = eventFieldsSchema.parse(withoutFormat);
    expect(parsed.format).toBe('application');
    expect(parsed.holdStart).toEqual(new Date('2024-05-05T00:00:00Z'));
    expect(parsed.contents).toEqual(valid.contents);
  });

  it('puts each SPEC §5 date rule on the date to move', () => {
    expect(fieldCodes(eventFieldsSchema, { ...valid, applicationEnd: valid.applicationStart })).toEqual({ applicationEnd: 'validation/application_period_order' });
    expect(fieldCodes(eventFieldsSchema, { ...valid, holdStart: valid.applicationStart })).toEqual({ applicationStart: 'validation/application_starts_after_hold' });
    expect(fieldCodes(eventFieldsSchema, { ...valid, applicationEnd: '2024-05-21T00:00:00Z' })).toEqual({ applicationEnd: 'validation/application_ends_after_hold' });
    expect(fieldCodes(eventFieldsSchema, { ...valid, holdEnd: '2024-05-04T00:00:00Z', applicationEnd: '2024-05-03T00:00:00Z' })).toEqual({
      holdEnd: 'validation/hold_period_order',
    });
  });

  it('reports a missing or malformed date on itself only', () => {
    expect(fieldCodes(eventFieldsSchema, { ...valid, holdStart: '' })).toEqual({ holdStart: 'validation/required' });
    expect(fieldCodes(eventFieldsSchema, { ...valid, holdEnd: 'next week' })).toEqual({ holdEnd: 'validation/invalid_date' });
  });

  it('needs 1 to 50 contents, each once, of the three types', () => {
    expect(fieldCodes(eventFieldsSchema, { ...valid, contents: [] })).toEqual({ contents: 'validation/contents_required' });
    const many = Array.from({ length: EVENT_MAX_CONTENTS + 1 }, (_, i) => ({ type: 'video', id: `v${i}` }));
    expect(fieldCodes(eventFieldsSchema, { ...valid, contents: many })).toEqual({ contents: 'validation/invalid_value' });
    expect(fieldCodes(eventFieldsSchema, { ...valid, contents: many.slice(0, EVENT_MAX_CONTENTS) })).toEqual({});
    // The same content again is reported on its row; the same id under another type is another content.
    const twice = [...valid.contents, { type: 'live', id: 'l1' }, { type: 'pdf', id: 'v1' }];
    expect(fieldCodes(eventFieldsSchema, { ...valid, contents: twice })).toEqual({ 'contents.3.id': 'validation/invalid_value' });
    expect(fieldCodes(eventFieldsSchema, { ...valid, contents: [{ type: 'article', id: 'a1' }] })).toEqual({ 'contents.0.type': 'validation/invalid_value' });
    expect(fieldCodes(eventFieldsSchema, { ...valid, contents: [{ type: 'video', id: '' }, { type: 'video', id: '' }] })).toEqual({
      'contents.0.id': 'validation/invalid_value',
      'contents.1.id': 'validation/invalid_value',
    });
  });

  it('is the `fields` of the shared content item form, its issues under `fields.`', () => {
    const form = { title: 'Seminar', fields: { ...valid, holdEnd: '2024-05-04T00:00:00Z', contents: [] } };
    expect(fieldCodes(eventCalls.create.input, form)).toEqual({
      'fields.applicationEnd': 'validation/application_ends_after_hold',
      'fields.holdEnd': 'validation/hold_period_order',
      'fields.contents': 'validation/contents_required',
    });
  });
});
