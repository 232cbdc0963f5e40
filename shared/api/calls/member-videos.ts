import * as z from 'zod';
import { defineCall } from '../define';
import { pageInput, type Page } from '../page';
import { contentIdSchema, taxonomyKinds, type TaxonomyKind } from './categories';
import type { Chapter, CompletionAction, EndButton } from './videos';

/**
 * SPEC §4 member content access, as the server decides it for a video that exists for the member
 * (`notFound` and "not in the video's groups" are answered as errors that reveal nothing). Loading and
 * network error are the page's own states.
 */
export const memberVideoStates = ['visible', 'beforeRelease', 'afterRelease'] as const;
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
  disableSeek: boolean;
  forcedPlayback: boolean;
  /** The playable period, for the before/after release messages. */
  playableStart?: string;
  playableEnd?: string;
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
  /** Present only when visible: the master playlist; the answer also sets the signed cookies it needs. */
  playback?: VideoPlayback;
  /** Where this member stopped (seconds), and whether they ever finished it. */
  resume: { positionSeconds: number; finished: boolean };
}

const videoIdInput = z.object({ videoId: contentIdSchema });

/** The watch page: access state, the member view, the playback grant (signed cookies) and the resume point. */
export const getMemberVideoCall = defineCall<typeof videoIdInput, MemberVideoAnswer>()({
  path: '/member_video/get',
  domain: 'content',
  permission: 'member',
  input: videoIdInput,
});

export const viewEvents = ['start', 'progress', 'finish'] as const;
export type ViewEvent = (typeof viewEvents)[number];

const progressInput = z.object({
  videoId: contentIdSchema,
  event: z.enum(viewEvents, { error: 'validation/invalid_value' }),
  positionSeconds: z
    .number({ error: 'validation/invalid_value' })
    .min(0, 'validation/invalid_value')
    .max(7 * 24 * 3600, 'validation/invalid_value'),
});

/** Records a view event (start, progress every ~10 s, finish) for resume and later counts. */
export const recordMemberVideoProgressCall = defineCall<typeof progressInput, { positionSeconds: number; finished: boolean }>()({
  path: '/member_video/progress',
  domain: 'content',
  permission: 'member',
  input: progressInput,
});

export const MEMBER_VIDEO_PAGE_MAX = 50;
export const VIDEO_SEARCH_QUERY_MAX_LENGTH = 100;

/**
 * One video in a member or catalog list. `thumbnailUrl` is a short-lived signed URL of the operator's
 * thumbnail (else the generated one); absent when the video has neither.
 */
export interface VideoCard {
  videoId: string;
  title: string;
  thumbnailUrl?: string;
  durationSeconds?: number;
  releasedAt?: string;
  createdAt: string;
}

/** A category, tag or creator as members and visitors see it (creators with their profile). */
export interface TaxonomyCard {
  id: string;
  kind: TaxonomyKind;
  name: string;
  thumbnailUrl?: string;
  profile?: string;
}

/** A page of video cards (shared/api/page.ts). */
export type VideoPage = Page<VideoCard>;

const pageFields = {
  ...pageInput(20, MEMBER_VIDEO_PAGE_MAX),
};
const listInput = z.object(pageFields);

/** A list limited to one category, tag or creator (at most one of the three). */
export const videoListScopeFields = {
  categoryId: contentIdSchema.optional(),
  tagId: contentIdSchema.optional(),
  creatorId: contentIdSchema.optional(),
};
const scopedListInput = z
  .object({ ...pageFields, ...videoListScopeFields })
  .refine((v) => [v.categoryId, v.tagId, v.creatorId].filter(Boolean).length <= 1, { message: 'validation/invalid_value', path: ['categoryId'] });

/** Search text: title and overview, Japanese too (full/half width and katakana/hiragana are one). */
const searchInput = z.object({
  ...pageFields,
  query: z.string({ error: 'validation/required' }).trim().min(1, 'validation/required').max(VIDEO_SEARCH_QUERY_MAX_LENGTH, 'validation/too_long'),
});
const taxonomyInput = z.object({ ...pageFields, kind: z.enum(taxonomyKinds, { error: 'validation/invalid_value' }) });

/** The inputs shared by the member and catalog list calls (the catalog adds `teamId`). */
export const videoListInputs = { listInput, scopedListInput, searchInput, taxonomyInput };

/** /user/:teamId/videos/newer: newest release first, only what this member may watch. */
export const listNewerMemberVideosCall = defineCall<typeof listInput, VideoPage>()({
  path: '/member_video/newer',
  domain: 'content',
  permission: 'member',
  input: listInput,
});

/**
 * /user/:teamId/videos (optionally /category/:id, /tag/:id, /creator/:id) and /creator/:creatorId: newest
 * release first. `scope` is the category, tag or creator the list is limited to (404 when it does not exist:
 * `creator/not_found` for a creator, else `common/not_found`).
 */
export const listMemberVideosCall = defineCall<typeof scopedListInput, VideoPage & { scope?: TaxonomyCard }>()({
  path: '/member_video/list',
  domain: 'content',
  permission: 'member',
  input: scopedListInput,
});

/** /user/:teamId/videos/search/:query: listed videos whose title or overview contains the query. */
export const searchMemberVideosCall = defineCall<typeof searchInput, VideoPage>()({
  path: '/member_video/search',
  domain: 'content',
  permission: 'member',
  input: searchInput,
});

/** /user/:teamId/videos/popular: most views (play starts) in the last 30 days first. */
export const listPopularMemberVideosCall = defineCall<typeof listInput, VideoPage>()({
  path: '/member_video/popular',
  domain: 'content',
  permission: 'member',
  input: listInput,
});

/** /user/:teamId/videos/categories | tags | creators: sort number order. */
export const listMemberTaxonomyCall = defineCall<typeof taxonomyInput, Page<TaxonomyCard>>()({
  path: '/member_video/taxonomy',
  domain: 'content',
  permission: 'member',
  input: taxonomyInput,
});
