import * as z from 'zod';
import { defineCall } from '../define';
import { contentIdSchema } from './categories';
import type { Chapter, CompletionAction, EndButton, VideoRow } from './videos';

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

export interface MemberVideoAnswer {
  state: MemberVideoState;
  video: MemberVideo;
  /** Present only when visible: the master playlist; the answer also sets the signed cookies it needs. */
  playback?: { playlistUrl: string; subtitles: { language: string; url: string }[]; expiresAt: string };
  /** Where this member stopped (seconds), and whether they ever finished it. */
  resume: { positionSeconds: number; finished: boolean };
}

const videoIdInput = z.object({ videoId: contentIdSchema });

/** The watch page: access state, the member view, the playback grant (signed cookies) and the resume point. */
export const getMemberVideoCall = defineCall<typeof videoIdInput, MemberVideoAnswer>({
  path: '/member_video/get',
  domain: 'content',
  access: { kind: 'member' },
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
export const recordMemberVideoProgressCall = defineCall<typeof progressInput, { positionSeconds: number; finished: boolean }>({
  path: '/member_video/progress',
  domain: 'content',
  access: { kind: 'member' },
  input: progressInput,
});

export const MEMBER_VIDEO_PAGE_MAX = 50;
const listInput = z.object({
  cursor: z.string({ error: 'validation/invalid_value' }).max(2000, 'validation/invalid_value').optional(),
  limit: z.number({ error: 'validation/invalid_value' }).int('validation/invalid_value').min(1, 'validation/invalid_value').max(MEMBER_VIDEO_PAGE_MAX, 'validation/invalid_value').default(20),
});

export type MemberVideoRow = Pick<VideoRow, 'videoId' | 'title' | 'thumbnailKey' | 'generatedThumbnailKey' | 'durationSeconds' | 'releasedAt' | 'createdAt'>;

/** /user/:teamId/videos/newer: newest release first, only what this member may watch. */
export const listNewerMemberVideosCall = defineCall<typeof listInput, { items: MemberVideoRow[]; cursor?: string }>({
  path: '/member_video/newer',
  domain: 'content',
  access: { kind: 'member' },
  input: listInput,
});
