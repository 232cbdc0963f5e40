import * as z from 'zod/mini';
import { requiredText } from './account';
import { isoDateTimeSchema } from './dates';
import { code, invalidValue, reportIssues, whenValid, type FieldIssue, type ValidationCode } from './issues';
import { idSchema } from './common';

/** An event's two periods; a missing date is not compared (the form reports it as required). */
export interface EventPeriods {
  applicationStart?: Date;
  applicationEnd?: Date;
  holdStart?: Date;
  holdEnd?: Date;
}

const before = (a: Date | undefined, b: Date | undefined) => !a || !b || a.getTime() < b.getTime();

/**
 * SPEC §5 event dates. Every "before" is strict. Each issue lands on the date a person would
 * move to fix it.
 */
export function checkEventPeriods(p: EventPeriods): FieldIssue[] {
  const rules: [boolean, string, ValidationCode][] = [
    [before(p.applicationStart, p.applicationEnd), 'applicationEnd', 'validation/application_period_order'],
    [before(p.applicationStart, p.holdStart), 'applicationStart', 'validation/application_starts_after_hold'],
    [before(p.applicationEnd, p.holdEnd), 'applicationEnd', 'validation/application_ends_after_hold'],
    [before(p.holdStart, p.holdEnd), 'holdEnd', 'validation/hold_period_order'],
  ];
  return rules.filter(([ok]) => !ok).map(([, field, failure]) => ({ path: [field], code: failure }));
}

/** SPEC §5: an event holds at least one content. */
export const checkEventContents = (contents: readonly unknown[]): ValidationCode | undefined =>
  contents.length > 0 ? undefined : 'validation/contents_required';

/** What an event may hold (SPEC §3 "video or live"; the issue adds PDFs). */
export const eventContentTypes = ['video', 'live', 'pdf'] as const;
export type EventContentType = (typeof eventContentTypes)[number];

export const eventContentSchema = z.object({ type: z.enum(eventContentTypes, invalidValue), id: idSchema }, invalidValue);

/** An event (application format): its periods and its ordered contents. */
export const eventSchema = z
  .object(
    {
      title: requiredText(),
      applicationStart: isoDateTimeSchema,
      applicationEnd: isoDateTimeSchema,
      holdStart: isoDateTimeSchema,
      holdEnd: isoDateTimeSchema,
      contents: z.array(eventContentSchema, invalidValue).check(z.minLength(1, code('validation/contents_required'))),
    },
    invalidValue,
  )
  .check(
    z.superRefine(
      (event, ctx) => reportIssues(ctx, checkEventPeriods(event)),
      whenValid('applicationStart', 'applicationEnd', 'holdStart', 'holdEnd'),
    ),
  );
export type EventInput = z.input<typeof eventSchema>;
