import * as z from 'zod/mini';
import { code, invalidValue } from '../../rules/issues';
import { callsOf } from '../define';
import { pageInput, type Page } from '../page';
import { contentIdSchema } from './categories';

const mediaCall = callsOf('media');

/**
 * Uploads go straight from the browser to storage: a video as a presigned multipart upload (start, sign
 * part URLs, PUT each part, complete), the small files (thumbnail, subtitle, attachment, PDF) as one presigned PUT.
 */

/** Video files accepted: MIME type -> file extensions (both must agree). */
export const videoFileTypes: Readonly<Record<string, readonly string[]>> = {
  'video/mp4': ['mp4', 'm4v'],
  'video/quicktime': ['mov'],
  'video/webm': ['webm'],
  'video/x-matroska': ['mkv'],
  'video/x-msvideo': ['avi'],
  'video/mpeg': ['mpg', 'mpeg'],
  'video/mp2t': ['ts', 'm2ts'],
  'video/x-m4v': ['m4v'],
};

/** The kinds a contents manager uploads through /upload/file/start. */
export const fileKinds = ['thumbnail', 'subtitle', 'attachment', 'pdf'] as const;
export type FileKind = (typeof fileKinds)[number];
/** Every kind stored the same way; `memberCsv` is uploaded by a user manager through /member_import/upload only. */
export type StoredFileKind = FileKind | 'memberCsv' | 'designImage' | 'productImage';

/** Small files: accepted types (`*` = any) and the largest size. */
export const fileKindRules: Readonly<Record<StoredFileKind, { types: Readonly<Record<string, readonly string[]>> | '*'; maxBytes: number }>> = {
  thumbnail: { types: { 'image/jpeg': ['jpg', 'jpeg'], 'image/png': ['png'], 'image/webp': ['webp'] }, maxBytes: 5 * 1024 ** 2 },
  subtitle: { types: { 'text/vtt': ['vtt'] }, maxBytes: 1024 ** 2 },
  attachment: { types: '*', maxBytes: 100 * 1024 ** 2 },
  /** A PDF content's file or sample (checked to be a PDF and its pages counted when the PDF is saved). */
  pdf: { types: { 'application/pdf': ['pdf'] }, maxBytes: 200 * 1024 ** 2 },
  /** A member import file (SPEC §2 /admin/user/import): 10,000 rows with custom fields fit well within it. */
  memberCsv: { types: { 'text/csv': ['csv'] }, maxBytes: 10 * 1024 ** 2 },
  /** A site design image (LP banner and top images, page images), uploaded by a designer through /settings/design/upload_image. */
  designImage: { types: { 'image/jpeg': ['jpg', 'jpeg'], 'image/png': ['png'], 'image/webp': ['webp'] }, maxBytes: 5 * 1024 ** 2 },
  /** A product's thumbnail (SPEC §3 Product), uploaded by a paying manager through /stripe/product/upload_image. */
  productImage: { types: { 'image/jpeg': ['jpg', 'jpeg'], 'image/png': ['png'], 'image/webp': ['webp'] }, maxBytes: 5 * 1024 ** 2 },
};

/** Multipart part size the server chooses: at least S3's 5 MiB minimum, grown so no upload needs more than 10,000 parts. */
export const MIN_PART_BYTES = 8 * 1024 ** 2;
export const MAX_PARTS = 10_000;
/** Part URLs one sign call hands out. */
export const SIGN_PARTS_MAX = 100;
/** Largest single video file (S3's object limit is 5 TiB; the quota is the usual limit). */
export const VIDEO_MAX_BYTES = 200 * 1024 ** 3;

const fileNameSchema = z
  .string({ error: code('validation/required') })
  .check(z.trim(), z.minLength(1, code('validation/required')), z.maxLength(255, code('validation/too_long')));
const sizeSchema = (max: number) =>
  z
    .number(invalidValue)
    .check(z.refine(Number.isSafeInteger, code('validation/not_integer')), z.gte(1, invalidValue), z.lte(max, invalidValue));
const versionTarget = {
  videoId: contentIdSchema,
  versionNumber: z.number(invalidValue).check(z.refine(Number.isSafeInteger, code('validation/not_integer')), z.gte(1, invalidValue)),
};
const uploadIdSchema = z
  .string({ error: code('validation/required') })
  .check(z.regex(/^[A-Za-z0-9._~-]{1,1024}$/, code('validation/invalid_value')));

const startVideoUploadInput = z.object(
  {
    ...versionTarget,
    fileName: fileNameSchema,
    contentType: z.string({ error: code('validation/required') }).check(z.maxLength(100, invalidValue)),
    sizeBytes: sizeSchema(VIDEO_MAX_BYTES),
  },
  invalidValue,
);

const permission = 'admin.contents';

/**
 * Checks the type (MIME and extension) and the size against the team's upload quota, reserves the size and
 * opens the multipart upload. 403 `plan/upload_quota_exceeded` when it does not fit. The version goes
 * waiting/failed -> uploading (an interrupted upload of the same version is replaced).
 */
export const startVideoUploadCall = mediaCall<typeof startVideoUploadInput, { uploadId: string; partSize: number; partCount: number }>()('/upload/video/start', permission, startVideoUploadInput);

const signPartsInput = z.object(
  {
    ...versionTarget,
    uploadId: uploadIdSchema,
    partNumbers: z
      .array(
        z.number(invalidValue).check(z.refine(Number.isSafeInteger, invalidValue), z.gte(1, invalidValue), z.lte(MAX_PARTS, invalidValue)),
        invalidValue,
      )
      .check(z.minLength(1, code('validation/required')), z.maxLength(SIGN_PARTS_MAX, invalidValue)),
  },
  invalidValue,
);

/** Presigned UploadPart URLs (PUT the part's bytes; read the answer's ETag header). Valid for `expiresAt`. */
export const signVideoPartsCall = mediaCall<typeof signPartsInput, { parts: { partNumber: number; url: string }[]; expiresAt: string }>()('/upload/video/sign_parts', permission, signPartsInput);

const completeInput = z.object(
  {
    ...versionTarget,
    uploadId: uploadIdSchema,
    parts: z
      .array(
        z.object(
          {
            partNumber: z
              .number(invalidValue)
              .check(z.refine(Number.isSafeInteger, invalidValue), z.gte(1, invalidValue), z.lte(MAX_PARTS, invalidValue)),
            etag: z.string(invalidValue).check(z.minLength(1, code('validation/required')), z.maxLength(200, invalidValue)),
          },
          invalidValue,
        ),
        invalidValue,
      )
      .check(z.minLength(1, code('validation/required')), z.maxLength(MAX_PARTS, invalidValue)),
  },
  invalidValue,
);

/**
 * Completes the upload, re-checks the stored size against the quota (over it: the object is deleted and
 * 403 `plan/upload_quota_exceeded`, the version is upload failed) and starts transcoding (-> encoding).
 */
export const completeVideoUploadCall = mediaCall<typeof completeInput, { state: 'encoding' }>()('/upload/video/complete', permission, completeInput);

const abortInput = z.object({ ...versionTarget, uploadId: uploadIdSchema }, invalidValue);

/** Cancels the upload: parts discarded, reservation released, the version back to waiting. */
export const abortVideoUploadCall = mediaCall<typeof abortInput, Record<string, never>>()('/upload/video/abort', permission, abortInput);

const startFileUploadInput = z.object(
  {
    kind: z.enum(fileKinds, invalidValue),
    fileName: fileNameSchema,
    contentType: z.string({ error: code('validation/required') }).check(z.maxLength(100, invalidValue)),
    sizeBytes: sizeSchema(Math.max(...fileKinds.map((k) => fileKindRules[k].maxBytes))),
  },
  invalidValue,
);

/**
 * A presigned PUT for a thumbnail, subtitle, attachment or PDF: send exactly `headers` and `sizeBytes` bytes.
 * Then store `key` in the video (`thumbnailKey`, `subtitles[].key`, `attachments[].key`) or a PDF
 * (`fields.fileKey`, `fields.sampleKey`); subtitles are checked to begin with `WEBVTT` and PDFs with `%PDF-` when saved.
 */
export const startFileUploadCall = mediaCall<
  typeof startFileUploadInput,
  { key: string; url: string; headers: Record<string, string>; expiresAt: string }
>()('/upload/file/start', permission, startFileUploadInput);

/** In-app notice that a version finished encoding (SPEC §3 notification key videoEncodeFinished). */
export interface EncodeNotification {
  notificationId: string;
  videoId: string;
  title: string;
  versionNumber: number;
  result: 'ready' | 'failed';
  createdAt: string;
}

const listNotificationsInput = z.object(pageInput(), invalidValue);

/** The team's encode notifications, newest first. */
export const listEncodeNotificationsCall = mediaCall<typeof listNotificationsInput, Page<EncodeNotification>>()('/notification/video_encode/list', permission, listNotificationsInput);

/** The team's upload quota and what is used (uploaded video sources). */
const usageInput = z.object({}, invalidValue);
export const getUploadUsageCall = mediaCall<typeof usageInput, { quotaBytes: number; usedBytes: number }>()('/upload/usage', permission, usageInput);
