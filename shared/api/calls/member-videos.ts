import * as z from 'zod/mini';
import type { AttachedFile } from './files';
import { callsOf } from '../define';
import { pageInput, type Page } from '../page';
import { contentIdSchema, taxonomyKinds, type TaxonomyKind } from './categories';
import type { Chapter, CompletionAction, EndButton } from './videos';

const contentCall = callsOf('content');

/**
 * SPEC §4 member content access, as the server decides it for a video that exists for the member
 * (`notFound` and "not in the video's groups" are answered as errors that reveal nothing). Loading and
 * network error are the page's own states.
 */
export const memberVideoStates = ['visible', 'beforeRelease', 'afterRelease', 'unpurchased'] as const;
export type MemberVideoState = (typeof memberVideoStates)[number];

/** What a member sees of a video (SPEC §3 fields that matter on the watch page). */
export interface MemberVideo {
  videoId: string;
  title: string;
  overview: string;
  chapters: Chapter[];
  /** Languages with a subtitle track (BCP 47). */
  subtitleLanguages: string[];
  durationSeconds?: number;
  endButton?: EndButton;
  completionAction: CompletionAction;
  nextVideoId?: string;
  /** The survey to answer once the video ends (action `survey`). */
  enqueteId?: string;
  /** The test to take once the video ends (action `test`). */
  testId?: string;
  disableSeek: boolean;
  forcedPlayback: boolean;
  /** The playable period, for the before/after release messages. */
  playableStart?: string;
  playableEnd?: string;
  /**
   * SPEC §3 real-time premiere (present only when on): it starts at `playableStart` and plays for everyone from the
   * same position on the clock until `playableStart + durationSeconds` (shared/rules/premiere.ts).
   */
  realtimePremiere?: true;
}

/** What a watch answer carries to play a visible video: the playlist, its subtitles and the grant's end. */
export interface VideoPlayback {
  playlistUrl: string;
  subtitles: { language: string; url: string }[];
  expiresAt: string;
}

export interface MemberVideoAnswer {
  state: MemberVideoState;
  video: MemberVideo;
  /** The library files the video attaches (download URLs only while visible). */
  files: AttachedFile[];
  /** Present only when visible: the master playlist; the answer also sets the signed cookies it needs. */
  playback?: VideoPlayback;
  /** Where this member stopped (seconds), and whether they ever finished it. */
  resume: { positionSeconds: number; finished: boolean };
  /** Only when unpurchased: the video's prices, for /stripe/price_ids/get_product_info. */
  priceIds?: string[];
  /** The server's clock when it answered (ISO 8601): a premiere's position is read on it, not on the device's. */
  serverTime: string;
}

/**
 * `playlistId`: watched inside that playlist (/user/:teamId/playlist/:playlistId/:videoId): `nextVideoId` is then
 * the playlist's next video the member may open (none after the last), and a playlist the member may not see or
 * that does not hold the video answers 404 like an unknown video. The video's own access is the same either way.
 */
/**
 * `eventId`: opened through that event (/user/:teamId/event/:eventId/:videoId/item_select): the event must be visible
 * to the member (applied, inside its hold period) and hold the video, which then opens even when it is itself
 * private or limited to groups; its own prices and playable period still apply. Otherwise 404 like an unknown video.
 */
const watchInput = z.object({ videoId: contentIdSchema, playlistId: z.optional(contentIdSchema), eventId: z.optional(contentIdSchema) });

/** The watch page: access state, the member view, the playback grant (signed cookies) and the resume point. */
export const getMemberVideoCall = contentCall<typeof watchInput, MemberVideoAnswer>()('/member_video/get', 'member', watchInput);

export const viewEvents = ['start', 'progress', 'finish'] as const;
export type ViewEvent = (typeof viewEvents)[number];

const progressInput = z.object({
  videoId: contentIdSchema,
  /** The event the video is watched through, as on `/member_video/get`. */
  eventId: z.optional(contentIdSchema),
  event: z.enum(viewEvents, { error: 'validation/invalid_value' }),
  positionSeconds: z
    .number({ error: 'validation/invalid_value' })
    .check(z.gte(0, 'validation/invalid_value'), z.lte(7 * 24 * 3600, 'validation/invalid_value')),
});

/** Records a view event (start, progress every ~10 s, finish) for resume and later counts. */
export const recordMemberVideoProgressCall = contentCall<typeof progressInput, { positionSeconds: number; finished: boolean }>()('/member_video/progress', 'member', progressInput);

/** A category, tag or creator as members and visitors see it (creators with their profile). */
export interface TaxonomyCard {
  id: string;
  kind: TaxonomyKind;
  name: string;
  thumbnailUrl?: string;
  profile?: string;
}

/** Categories, tags or creators in sort number order (the catalog's call adds `teamId`). */
export const taxonomyListInput = z.object({ ...pageInput(20, 50), kind: z.enum(taxonomyKinds, { error: 'validation/invalid_value' }) });

/** /user/:teamId/videos/categories | tags | creators: sort number order. */
export const listMemberTaxonomyCall = contentCall<typeof taxonomyListInput, Page<TaxonomyCard>>()('/member_video/taxonomy', 'member', taxonomyListInput);
