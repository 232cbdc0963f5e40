import * as z from 'zod/mini';
import { requiredText } from '../../rules/account';
import { checkViewPeriod, isoDateTimeSchema } from '../../rules/dates';
import { code, invalidValue, issueAt, reportIssues, whenValid, type FieldIssue } from '../../rules/issues';
import type { LivePhase } from '../../live-schedule';
import { callsOf } from '../define';
import { contentIdSchema } from './categories';
import { contentItemCalls } from './content-items';

const contentCall = callsOf('content');

/**
 * SPEC §3 Live: a Zoom meeting or webinar (by its ID, SPEC §5 "meeting/webinar ID"), a YouTube or Vimeo stream
 * (SPEC §5 "video-site URL or ID") or any other URL, held from `startAt` to `endAt`. Members get the join link only
 * inside the live's window (shared/live-schedule.ts, lambdas/content/live/live-rules.ts).
 */
export const livePlatforms = ['zoomMeeting', 'zoomWebinar', 'youtube', 'vimeo', 'other'] as const;
export type LivePlatform = (typeof livePlatforms)[number];
export const isZoomPlatform = (p: LivePlatform): p is 'zoomMeeting' | 'zoomWebinar' => p === 'zoomMeeting' || p === 'zoomWebinar';

/** Zoom meeting and webinar IDs are 9 to 11 digits (shown grouped, as `123 4567 8901`). */
export const ZOOM_MEETING_ID = /^[0-9]{9,11}$/;
/** Zoom passcodes: at most 10 characters, letters, digits and `@ - _ *`. */
export const ZOOM_PASSCODE = /^[A-Za-z0-9@_*-]{1,10}$/;
export const LIVE_URL_MAX_LENGTH = 2000;

const YOUTUBE_HOSTS = ['youtube.com', 'www.youtube.com', 'm.youtube.com', 'youtu.be', 'youtube-nocookie.com', 'www.youtube-nocookie.com'];
const VIMEO_HOSTS = ['vimeo.com', 'www.vimeo.com', 'player.vimeo.com'];
/** A bare video ID (SPEC §5 "URL or ID"): YouTube's 11 characters, Vimeo's number. */
const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_ID = /^[0-9]{1,12}$/;

/**
 * The address a member opens for a video-site or other live: an http(s) URL (on YouTube's or Vimeo's own hosts for
 * those platforms), or a bare YouTube/Vimeo video ID turned into its watch URL. Undefined when `text` is neither.
 */
export function liveVideoUrl(platform: 'youtube' | 'vimeo' | 'other', text: string): string | undefined {
  if (platform === 'youtube' && YOUTUBE_ID.test(text)) return `https://www.youtube.com/watch?v=${text}`;
  if (platform === 'vimeo' && VIMEO_ID.test(text)) return `https://vimeo.com/${text}`;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || !url.hostname || url.username || url.password) return undefined;
  const host = url.hostname.toLowerCase();
  if (platform === 'youtube' && !YOUTUBE_HOSTS.includes(host)) return undefined;
  if (platform === 'vimeo' && !VIMEO_HOSTS.includes(host)) return undefined;
  return url.href;
}

/** What a live stores: only the parts its platform uses (times ISO-8601 UTC). */
export interface LiveFields {
  platform: LivePlatform;
  /** Zoom platforms: the meeting or webinar ID, digits only. */
  meetingId?: string;
  /** Zoom platforms, when the meeting has one. */
  passcode?: string;
  /** YouTube, Vimeo and other platforms: the address members open. */
  url?: string;
  startAt: string;
  endAt: string;
  /** The survey members answer (the survey feature reads it). */
  enqueteId?: string;
}

const text = (max: number) => z._default(z.string(invalidValue).check(z.trim(), z.maxLength(max, code('validation/too_long'))), '');

/** A date-time read and stored as ISO-8601 UTC text, so what is saved compares as the access decision's clock does. */
const liveTime = z.pipe(
  isoDateTimeSchema,
  z.transform((d: Date) => d.toISOString()),
);

interface LiveFormFields {
  platform: LivePlatform;
  meetingId: string;
  passcode: string;
  url: string;
  startAt: string;
  endAt: string;
}

/**
 * SPEC §5 for a live, each issue on the field to fix: a Zoom platform needs its meeting/webinar ID (digits) and a
 * well-formed passcode if any; the other platforms need their URL (YouTube's or Vimeo's host, or a video ID);
 * the start strictly before the end (the viewing-period rule: a live's dates are when members view it).
 */
export function checkLiveFields(v: LiveFormFields): FieldIssue[] {
  const issues: FieldIssue[] = [];
  if (isZoomPlatform(v.platform)) {
    if (!v.meetingId) issues.push({ path: ['meetingId'], code: 'validation/required' });
    else if (!ZOOM_MEETING_ID.test(v.meetingId)) issues.push({ path: ['meetingId'], code: 'validation/invalid_value' });
    if (v.passcode && !ZOOM_PASSCODE.test(v.passcode)) issues.push({ path: ['passcode'], code: 'validation/invalid_value' });
  } else if (!v.url) {
    issues.push({ path: ['url'], code: 'validation/required' });
  } else if (!liveVideoUrl(v.platform, v.url)) {
    issues.push({ path: ['url'], code: 'validation/invalid_value' });
  }
  issues.push(...issueAt(['endAt'], checkViewPeriod(new Date(v.startAt), new Date(v.endAt))));
  return issues;
}

/** The form's `fields`. Parts another platform would use are accepted and dropped on save. */
export const liveFieldsSchema = z
  .object(
    {
      platform: z.enum(livePlatforms, invalidValue),
      // Zoom shows IDs grouped (`123 4567 8901`); the digits are what counts.
      meetingId: z._default(
        z.string(invalidValue).check(
          z.overwrite((s) => s.replace(/[\s-]/g, '')),
          z.maxLength(20, code('validation/too_long')),
        ),
        '',
      ),
      passcode: text(10),
      url: text(LIVE_URL_MAX_LENGTH),
      startAt: liveTime,
      endAt: liveTime,
      enqueteId: z._default(z.nullable(contentIdSchema), null),
    },
    invalidValue,
  )
  .check(z.superRefine((v, ctx) => reportIssues(ctx, checkLiveFields(v)), whenValid('platform', 'meetingId', 'passcode', 'url', 'startAt', 'endAt')));
export type LiveFieldsForm = z.output<typeof liveFieldsSchema>;

/** How a member joins, present only while the live's window is open (state `visible`). */
export interface LiveJoin {
  url: string;
  /** Zoom: the ID and passcode to type into the Zoom app. */
  meetingId?: string;
  passcode?: string;
}

/** What a member reads of a live: its schedule always, the way in only inside its window. */
export interface LiveView {
  platform: LivePlatform;
  startAt: string;
  endAt: string;
  /** From the clock: scheduled, live or ended. */
  phase: LivePhase;
  /** The window in which the join link is given (lead time before the start, within the viewable period). */
  joinOpensAt: string;
  joinClosesAt: string;
  join?: LiveJoin;
  /** The live's survey: the page links to answering it (the member answer call with source `live`). */
  enqueteId?: string;
}

export const liveCalls = contentItemCalls<'live', typeof liveFieldsSchema, LiveFields>('live', liveFieldsSchema);
export const { list: listLivesCall, get: getLiveCall, create: createLiveCall, update: updateLiveCall, remove: deleteLiveCall, preview: previewLiveCall } = liveCalls;

// ---------------------------------------------------------------- Zoom meeting for a live form

const zoomMeetingInput = z
  .object(
    {
      platform: z.enum(['zoomMeeting', 'zoomWebinar'] as const, invalidValue),
      /** The live's title (Zoom's topic). */
      topic: requiredText(200),
      startAt: liveTime,
      endAt: liveTime,
    },
    invalidValue,
  )
  .check(
    z.superRefine(
      (v, ctx) => reportIssues(ctx, issueAt(['endAt'], checkViewPeriod(new Date(v.startAt), new Date(v.endAt)))),
      whenValid('startAt', 'endAt'),
    ),
  );

export interface ZoomMeetingAnswer {
  meetingId: string;
  passcode?: string;
  /** Zoom's own join link (its `pwd` is Zoom's encoding of the passcode). */
  joinUrl: string;
}

/**
 * Creates a Zoom meeting (or webinar) on the team's connected Zoom account for the live form to fill in. Not
 * connected, or Zoom unreachable: 502 `zoom/connect_failed`; the stored credentials refused: 400
 * `zoom/credentials_rejected`; the meeting refused: 400 `zoom/meeting_refused`.
 */
export const createZoomMeetingCall = contentCall<typeof zoomMeetingInput, ZoomMeetingAnswer>()('/live/zoom_meeting/create', 'admin.contents', zoomMeetingInput);
