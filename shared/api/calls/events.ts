import * as z from 'zod/mini';
import { isoDateTimeSchema } from '../../rules/dates';
import { checkEventContents, checkEventPeriods, eventContentSchema, type EventContentType } from '../../rules/event';
import { code, invalidValue, reportIssues, whenValid, type FieldIssue } from '../../rules/issues';
import { callsOf } from '../define';
import { contentIdSchema } from './categories';
import { contentItemCalls, type MemberContentState } from './content-items';

const contentCall = callsOf('content');

/**
 * SPEC §3 Event: format (application), application period, hold period, contents (videos, lives, PDFs). Members
 * apply within the application period (`/member_content/apply_event`) and open the contents during the hold
 * period, through the event (lambdas/content/event/event-rules.ts).
 */
export const EVENT_MAX_CONTENTS = 50;

export const eventFormats = ['application'] as const;
export type EventFormat = (typeof eventFormats)[number];

export interface EventContentRef {
  type: EventContentType;
  id: string;
}

/** What an event stores (times ISO-8601 UTC); contents in the operator's order. */
export interface EventFields {
  format: EventFormat;
  applicationStart: string;
  applicationEnd: string;
  holdStart: string;
  holdEnd: string;
  contents: EventContentRef[];
}

/** The second and later mention of the same content, on its `id` (the form shows it on that row). */
const duplicateContents = (contents: readonly EventContentRef[]): FieldIssue[] =>
  contents.flatMap((c, i) =>
    contents.slice(0, i).some((d) => d.type === c.type && d.id === c.id) ? [{ path: [i, 'id'], code: code('validation/invalid_value') }] : [],
  );

const contentsSchema = z.array(eventContentSchema, invalidValue).check(
  z.refine((contents) => checkEventContents(contents) === undefined, code('validation/contents_required')),
  z.maxLength(EVENT_MAX_CONTENTS, invalidValue),
  // Only once every row parsed: zod runs an array's checks on the raw rows otherwise.
  z.superRefine((contents, ctx) => reportIssues(ctx, duplicateContents(contents)), { when: (payload) => payload.issues.length === 0 }),
);

/** The form's `fields`: SPEC §5 event dates (shared/rules/event.ts), each issue on the date to move. */
export const eventFieldsSchema = z
  .object(
    {
      format: z._default(z.enum(eventFormats, invalidValue), 'application'),
      applicationStart: isoDateTimeSchema,
      applicationEnd: isoDateTimeSchema,
      holdStart: isoDateTimeSchema,
      holdEnd: isoDateTimeSchema,
      contents: contentsSchema,
    },
    invalidValue,
  )
  .check(
    z.superRefine(
      (event, ctx) => reportIssues(ctx, checkEventPeriods(event)),
      whenValid('applicationStart', 'applicationEnd', 'holdStart', 'holdEnd'),
    ),
  );
/** The parsed form's `fields` (dates read as Date), before the server stores them as ISO text. */
export type EventFieldsForm = z.output<typeof eventFieldsSchema>;

/** One content as an event's member page lists it; `openable` only while the event is visible to the member. */
export interface EventContentCard {
  type: EventContentType;
  id: string;
  title: string;
  thumbnailUrl?: string;
  openable: boolean;
}

/**
 * What a member reads of an event in every state (SPEC §4 unapplied, outside application period, before event,
 * after event, visible): its periods, whether they applied, and its contents as cards. A content opens through
 * the event (`eventId` on `/member_video/get` and `/member_content/get`) only while the event is visible.
 */
export interface EventView {
  format: EventFormat;
  applicationStart: string;
  applicationEnd: string;
  holdStart: string;
  holdEnd: string;
  applied: boolean;
  contents: EventContentCard[];
}

export const eventCalls = contentItemCalls<'event', typeof eventFieldsSchema, EventFields>('event', eventFieldsSchema);
export const { list: listEventsCall, get: getEventCall, create: createEventCall, update: updateEventCall, remove: deleteEventCall, preview: previewEventCall } = eventCalls;

const applyInput = z.object({ eventId: contentIdSchema }, invalidValue);

/**
 * SPEC §4 "unapplied": a member applies to an event while its application period is open. Applying again is the
 * same one application (answered the same). Answers the member's state after applying (`beforeEvent`, or
 * `visible` when the event is already being held). Outside the period: `common/illegal_operation`; an event the
 * member may not see (or another team's): 404.
 */
export const applyEventCall = contentCall<typeof applyInput, { state: MemberContentState }>()('/member_content/apply_event', 'member', applyInput);
