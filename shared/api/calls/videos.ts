import * as z from 'zod/mini';
import { requiredText } from '../../rules/account';
import { checkPublicGroups } from '../../rules/content';
import { checkPlayPeriod, checkPublicationPeriod, checkReleaseDate, isoDateTimeSchema } from '../../rules/dates';
import { code, invalidValue, issueAt, reportIssues, whenValid } from '../../rules/issues';
import { sortDirections } from '../../constants';
import { callsOf } from '../define';
import type { Page } from '../page';
import type { CatalogVideoAnswer } from './catalog';
import { contentIdSchema, fileKeySchema } from './categories';
import { CONTENT_MAX_GROUPS, CONTENT_MAX_PRICES, CONTENT_MAX_TAGS, CONTENT_TITLE_MAX_LENGTH, sharedContentFields } from './content-items';

const contentCall = callsOf('content');

/** SPEC §4 Publication: who among the team's members may see the video. */
export const videoStatuses = ['private', 'public', 'publicationPeriod'] as const;
export type VideoStatus = (typeof videoStatuses)[number];

/** SPEC §4 Video upload (plus `ready`): the state of the newest version. `failed` is "upload failed". */
export const uploadStates = ['waiting', 'uploading', 'encoding', 'ready', 'failed'] as const;
export type UploadState = (typeof uploadStates)[number];

/** SPEC §3 completion action: what the watch page offers once the video ends. */
export const completionActions = ['none', 'survey', 'test', 'nextVideo'] as const;
export type CompletionAction = (typeof completionActions)[number];

/** SPEC §9 sort options that apply to videos (`newest` = created, newest first). */
export const videoSorts = ['newest', 'created', 'releaseDate', 'updateDate', 'title'] as const;
export type VideoSort = (typeof videoSorts)[number];

export const VIDEO_TITLE_MAX_LENGTH = CONTENT_TITLE_MAX_LENGTH;
/** Kept small so a video write (record, list items, usage counts) stays one DynamoDB transaction. */
export const VIDEO_MAX_TAGS = CONTENT_MAX_TAGS;
export const VIDEO_MAX_GROUPS = CONTENT_MAX_GROUPS;
/** Prices on one video (what its unpurchased view offers). */
export const VIDEO_MAX_PRICES = CONTENT_MAX_PRICES;
export const VIDEO_MAX_CHAPTERS = 200;
export const VIDEO_MAX_METADATA = 50;
export const VIDEO_MAX_ATTACHMENTS = 20;
export const VIDEO_MAX_SUBTITLES = 20;
export const VIDEO_PAGE_MAX = 100;
/** Largest selection one bulk delete takes. */
export const VIDEO_BULK_DELETE_MAX = 100;

export interface Chapter {
  /** Start, seconds from the beginning. */
  seconds: number;
  title: string;
}
export interface MetadataEntry {
  key: string;
  value: string;
}
export interface Attachment {
  key: string;
  /** The file name members see. */
  name: string;
}
export interface Subtitle {
  /** BCP 47 language tag (`ja`, `en`, `zh-Hant`). */
  language: string;
  /** A WebVTT file uploaded with `/upload/file/start` kind `subtitle`. */
  key: string;
}
export interface Period {
  start: string;
  end: string;
}
export interface PlayablePeriod {
  start?: string;
  end?: string;
  /** Real-time premiere: everyone watches from the start time on, as a live (requires `start`). */
  realtimePremiere: boolean;
}
export interface EndButton {
  text: string;
  url: string;
  newTab: boolean;
}

/** SPEC §3 Video as the operator edits it. Times are ISO-8601 UTC. */
export interface Video {
  videoId: string;
  title: string;
  thumbnailKey?: string;
  categoryId?: string;
  tagIds: string[];
  creatorId?: string;
  overview: string;
  chapters: Chapter[];
  metadata: MetadataEntry[];
  attachments: Attachment[];
  /** Files of the team's file library (SPEC §2 /admin/filelist) attached to the video. Absent on records older than the library. */
  fileIds?: string[];
  status: VideoStatus;
  releasedAt?: string;
  /** Set when status is `publicationPeriod`. */
  publicationPeriod?: Period;
  /** SPEC §3 public flag: shown to visitors in the catalog (then not limited to groups). */
  isPublic: boolean;
  isListHidden: boolean;
  groupIds: string[];
  /** SPEC §3 prices (Stripe price ids of the team's account): members need a current purchase of one to watch. Absent on records older than payments. */
  priceIds?: string[];
  playablePeriod?: PlayablePeriod;
  /** true: the seek bar works only once the member finished it (SPEC §3); false: always free. */
  forcedPlayback: boolean;
  disableSeek: boolean;
  endButton?: EndButton;
  completionAction: CompletionAction;
  nextVideoId?: string;
  /** The survey (enquete) offered at the end, set when the action is `survey`. */
  enqueteId?: string;
  /** The test offered at the end, set when the action is `test`. */
  testId?: string;
  subtitles: Subtitle[];
  /** State of the newest version. */
  uploadState: UploadState;
  /** Newest version number (the one an upload goes to). */
  latestVersion: number;
  /** The version members play (the newest ready one). */
  currentVersion?: number;
  durationSeconds?: number;
  /** Bytes of the current version's upload. */
  sizeBytes?: number;
  /** Output keys of the current version in the media bucket. */
  playback?: { masterPlaylistKey: string; thumbnailKey?: string };
  createdAt: string;
  updatedAt: string;
  /** Optimistic lock: send it back with `/video/update`; a newer write in between is refused (400, field `version`). */
  version: number;
}

/** One row of /admin/video (what the list and its status badges show). */
export type VideoRow = Pick<
  Video,
  | 'videoId'
  | 'title'
  | 'thumbnailKey'
  | 'status'
  | 'isPublic'
  | 'isListHidden'
  | 'uploadState'
  | 'currentVersion'
  | 'latestVersion'
  | 'durationSeconds'
  | 'releasedAt'
  | 'publicationPeriod'
  | 'categoryId'
  | 'creatorId'
  | 'createdAt'
  | 'updatedAt'
> & { generatedThumbnailKey?: string };

export interface VideoVersion {
  number: number;
  state: UploadState;
  durationSeconds?: number;
  sizeBytes?: number;
  createdAt: string;
  readyAt?: string;
}

const unique = <T>(items: T[], by: (t: T) => string) => new Set(items.map(by)).size === items.length;
const optionalDate = z.optional(isoDateTimeSchema);

/** The create / edit form (SPEC §3 fields, SPEC §5 rules: dates, public vs groups). */
export const videoFormSchema = (opts: { now?: () => Date } = {}) =>
  z
    .object(
      {
        ...sharedContentFields,
        chapters: z._default(
          z
            .array(
              z.object(
                {
                  seconds: z
                    .number(invalidValue)
                    .check(z.refine(Number.isSafeInteger, code('validation/not_integer')), z.gte(0, invalidValue)),
                  title: requiredText(100),
                },
                invalidValue,
              ),
              invalidValue,
            )
            .check(z.maxLength(VIDEO_MAX_CHAPTERS, invalidValue)),
          [],
        ),
        metadata: z._default(
          z
            .array(z.object({ key: requiredText(100), value: requiredText(1000) }, invalidValue), invalidValue)
            .check(z.maxLength(VIDEO_MAX_METADATA, invalidValue)),
          [],
        ),
        attachments: z._default(
          z.array(z.object({ key: fileKeySchema, name: requiredText(200) }, invalidValue), invalidValue).check(
            z.maxLength(VIDEO_MAX_ATTACHMENTS, invalidValue),
            z.refine((a) => unique(a, (x) => x.key), invalidValue),
          ),
          [],
        ),
        playableStart: optionalDate,
        playableEnd: optionalDate,
        realtimePremiere: z._default(z.boolean(invalidValue), false),
        forcedPlayback: z._default(z.boolean(invalidValue), false),
        disableSeek: z._default(z.boolean(invalidValue), false),
        endButton: z._default(
          z.nullable(
            z.object(
              {
                text: requiredText(50),
                url: z
                  .url({ protocol: /^https?$/, error: code('validation/invalid_value') })
                  .check(z.maxLength(2000, code('validation/too_long'))),
                newTab: z._default(z.boolean(invalidValue), true),
              },
              invalidValue,
            ),
          ),
          null,
        ),
        completionAction: z._default(z.enum(completionActions, invalidValue), 'none'),
        nextVideoId: z._default(z.nullable(contentIdSchema), null),
        enqueteId: z._default(z.nullable(contentIdSchema), null),
        testId: z._default(z.nullable(contentIdSchema), null),
        subtitles: z._default(
          z
            .array(
              z.object(
                {
                  language: z.string(invalidValue).check(z.regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, code('validation/invalid_value'))),
                  key: fileKeySchema,
                },
                invalidValue,
              ),
              invalidValue,
            )
            .check(
              z.maxLength(VIDEO_MAX_SUBTITLES, invalidValue),
              z.refine((s) => unique(s, (x) => x.language), invalidValue),
            ),
          [],
        ),
      },
      invalidValue,
    )
    .check(
      z.superRefine(
        (v, ctx) => {
          const now = (opts.now ?? (() => new Date()))();
          reportIssues(ctx, [
            ...(v.releasedAt ? issueAt(['releasedAt'], checkReleaseDate(v.releasedAt, now)) : []),
            ...(v.status === 'publicationPeriod' && !v.publicationStart ? issueAt(['publicationStart'], 'validation/required') : []),
            ...(v.status === 'publicationPeriod' && !v.publicationEnd ? issueAt(['publicationEnd'], 'validation/required') : []),
            ...issueAt(['publicationEnd'], checkPublicationPeriod(v.publicationStart, v.publicationEnd)),
            ...issueAt(['playableEnd'], checkPlayPeriod(v.playableStart, v.playableEnd)),
            ...(v.realtimePremiere && !v.playableStart ? issueAt(['playableStart'], 'validation/required') : []),
            ...issueAt(['groupIds'], checkPublicGroups({ isPublic: v.isPublic, groupIds: v.groupIds })),
            ...(v.completionAction === 'nextVideo' && !v.nextVideoId ? issueAt(['nextVideoId'], 'validation/required') : []),
            ...(v.completionAction === 'survey' && !v.enqueteId ? issueAt(['enqueteId'], 'validation/required') : []),
            ...(v.completionAction === 'test' && !v.testId ? issueAt(['testId'], 'validation/required') : []),
          ]);
        },
        whenValid(
          'releasedAt',
          'publicationStart',
          'publicationEnd',
          'playableStart',
          'playableEnd',
          'groupIds',
          'isPublic',
          'status',
          'completionAction',
          'nextVideoId',
          'enqueteId',
          'testId',
          'realtimePremiere',
        ),
      ),
    );
export type VideoFormInput = z.input<ReturnType<typeof videoFormSchema>>;
export type VideoForm = z.output<ReturnType<typeof videoFormSchema>>;

const videoIdInput = z.object({ videoId: contentIdSchema }, invalidValue);

export const listVideosInput = z.object(
  {
    /** Title search (prefix of the title or of a word in it; Japanese kana/width folded). */
    query: z._default(z.string(invalidValue).check(z.trim(), z.maxLength(100, code('validation/too_long'))), ''),
    sort: z._default(z.enum(videoSorts, invalidValue), 'newest'),
    direction: z._default(z.enum(sortDirections, invalidValue), 'desc'),
    cursor: z.optional(z.string(invalidValue).check(z.maxLength(2000, code('validation/too_long')))),
    limit: z._default(
      z
        .number(invalidValue)
        .check(z.refine(Number.isSafeInteger, code('validation/not_integer')), z.gte(1, invalidValue), z.lte(VIDEO_PAGE_MAX, invalidValue)),
      20,
    ),
  },
  invalidValue,
);

const permission = 'admin.contents';

/** /admin/video: one Query a page; with `query` the order is by matching title. */
export const listVideosCall = contentCall<typeof listVideosInput, Page<VideoRow>>()('/video/list', permission, listVideosInput);

export const getVideoCall = contentCall<typeof videoIdInput, Video>()('/video/get', permission, videoIdInput);

/**
 * SPEC §2 catalog preview mode for a video: its watch page as a member who may open it sees it, whatever its status,
 * publication period, groups or prices. A video not transcoded yet answers `video/not_found`, as for members.
 */
export const previewVideoCall = contentCall<typeof videoIdInput, CatalogVideoAnswer>()('/video/preview', permission, videoIdInput);

const createVideoInput = videoFormSchema();
/** /admin/video/create: the metadata first; the answer names version 1, to which the upload goes. */
export const createVideoCall = contentCall<typeof createVideoInput, { videoId: string; version: number; uploadVersion: number }>()('/video/create', permission, createVideoInput);

const updateVideoInput = z.safeExtend(videoFormSchema(), {
  videoId: contentIdSchema,
  version: z.number(invalidValue).check(z.refine(Number.isSafeInteger, invalidValue), z.gte(1, invalidValue)),
});
/** /admin/video/:videoId/edit: every field; 400 `common/illegal_operation` (field `version`) when someone saved in between. */
export const updateVideoCall = contentCall<typeof updateVideoInput, { version: number }>()('/video/update', permission, updateVideoInput);

/**
 * Deletes the video, its versions, its files and its outputs; 409 `deletion/video_in_playlist` while a playlist or event
 * holds it, 409 `deletion/video_in_landing_page` while the LP shows it as its intro video.
 */
export const deleteVideoCall = contentCall<typeof videoIdInput, Record<string, never>>()('/video/delete', permission, videoIdInput);

const bulkDeleteVideosInput = z.object(
  {
    videoIds: z.array(contentIdSchema, invalidValue).check(
      z.minLength(1, code('validation/required')),
      z.maxLength(VIDEO_BULK_DELETE_MAX, invalidValue),
      z.refine((ids) => unique(ids, (i) => i), invalidValue),
    ),
    /** What the operator typed: must be the number of selected videos (SPEC §5). */
    typedCount: z.string(invalidValue).check(z.maxLength(20, invalidValue)),
  },
  invalidValue,
);
/**
 * Videos not found in the team, videos a playlist or event refers to (SPEC §8, also counted in `inPlaylist`) and the
 * LP's intro video are skipped.
 */
export const bulkDeleteVideosCall = contentCall<typeof bulkDeleteVideosInput, { deleted: number; skipped: number; inPlaylist: number }>()('/video/bulk_delete', permission, bulkDeleteVideosInput);

/** /admin/video/:videoId/recreate: versions, newest first. */
export const listVideoVersionsCall = contentCall<typeof videoIdInput, { items: VideoVersion[] }>()('/video/version/list', permission, videoIdInput);

const versionInput = z.object(
  {
    videoId: contentIdSchema,
    number: z.number(invalidValue).check(z.refine(Number.isSafeInteger, code('validation/not_integer')), z.gte(1, invalidValue)),
  },
  invalidValue,
);
/**
 * Refused with `deletion/latest_video_version` (409) for the newest version and for the one members play.
 * An upload or encoding in progress cannot be deleted either.
 */
export const deleteVideoVersionCall = contentCall<typeof versionInput, Record<string, never>>()('/video/version/delete', permission, versionInput);

/**
 * Starts a new version (then upload it with `/upload/video/*`). The newest version is answered again while
 * it has no file yet (waiting or failed); 400 `common/illegal_operation` while it uploads or encodes.
 */
export const recreateVideoCall = contentCall<typeof videoIdInput, { number: number }>()('/video/recreate', permission, videoIdInput);
