import { ulid } from 'ulid';
import { MAX_PARTS, MIN_PART_BYTES, videoFileTypes } from '../../shared/api/calls/uploads';
import type { UploadState, Video } from '../../shared/api/calls/videos';
import { rewriteVideo } from '../core/entities/video';
import { AppError } from '../core/http/app-error';
import { transact } from '../platform/db';
import {
  abortMultipartUpload,
  completeMultipartUpload,
  createMultipartUpload,
  deleteObject,
  headObject,
  presignUploadPart,
} from '../platform/storage';
import { submitTranscode } from '../platform/transcoder';
import { getTeam } from '../core/entities/team';
import { changeUsageOp, fitsQuota, getUsedBytes } from '../core/entities/upload-usage';
import { getVersion, moveVersionOp, type VideoVersionRecord } from '../core/entities/video-version';
import { transcodeJobStore } from './transcode-job';

/**
 * A video version's upload, straight from the browser to the uploads bucket (presigned multipart):
 * start (type and quota checked, size reserved) -> parts PUT by the browser -> complete (real size
 * re-checked, transcoding submitted) or abort. Objects: uploads `T/<teamId>/videos/<videoId>/<number>/source.<ext>`;
 * outputs: media `T/<teamId>/videos/<videoId>/<attemptId>/…`.
 */
export const PART_URL_SECONDS = 3600;

const extensionOf = (fileName: string) => /\.([A-Za-z0-9]{1,10})$/.exec(fileName)?.[1]?.toLowerCase();

/** Only video files: the declared MIME type must be a video type and the extension one of its own. */
export function checkVideoFileType(fileName: string, contentType: string): 'fileName' | 'contentType' | undefined {
  const extensions = videoFileTypes[contentType.toLowerCase()];
  if (!extensions) return 'contentType';
  const ext = extensionOf(fileName);
  return ext && extensions.includes(ext) ? undefined : 'fileName';
}

/** Part size: at least the minimum, grown (in whole MiB) so the upload needs at most MAX_PARTS parts. */
export function partPlan(sizeBytes: number): { partSize: number; partCount: number } {
  const mib = 1024 ** 2;
  const partSize = Math.max(MIN_PART_BYTES, Math.ceil(sizeBytes / MAX_PARTS / mib) * mib);
  return { partSize, partCount: Math.max(1, Math.ceil(sizeBytes / partSize)) };
}

export const sourceKey = (teamId: string, videoId: string, number: number, ext: string) =>
  `T/${teamId}/videos/${videoId}/${number}/source.${ext}`;
export const outputPrefix = (teamId: string, videoId: string, attemptId: string) => `T/${teamId}/videos/${videoId}/${attemptId}`;

const notFound = () => new AppError('video/not_found');
const illegal = () => new AppError('common/illegal_operation');
const quotaExceeded = () => new AppError('plan/upload_quota_exceeded', { sizeBytes: 'plan/upload_quota_exceeded' });

/** The video's upload badge follows its newest version only. */
const withLatestState = (video: Video, number: number, state: UploadState, now: Date): Video =>
  number === video.latestVersion ? { ...video, uploadState: state, updatedAt: now.toISOString() } : video;

async function versionOf(teamId: string, videoId: string, number: number): Promise<VideoVersionRecord> {
  const version = await getVersion(teamId, videoId, number);
  if (!version) throw notFound();
  return version;
}

export interface StartUpload {
  videoId: string;
  versionNumber: number;
  fileName: string;
  contentType: string;
  sizeBytes: number;
}

export async function startVideoUpload(
  teamId: string,
  userId: string,
  input: StartUpload,
  now = new Date(),
): Promise<{ uploadId: string; partSize: number; partCount: number }> {
  const badField = checkVideoFileType(input.fileName, input.contentType);
  if (badField) throw new AppError('common/invalid_input', { [badField]: 'validation/invalid_value' });
  const team = await getTeam(teamId);
  if (!team) throw new AppError('common/no_team');
  const first = await versionOf(teamId, input.videoId, input.versionNumber);
  if (!['waiting', 'uploading', 'failed'].includes(first.state)) throw illegal();
  // Refused before anything is opened: the bytes this attempt frees (an earlier source or reservation) count back.
  const freed = (first.upload?.reservedBytes ?? 0) + (first.sourceKey ? (first.sizeBytes ?? 0) : 0);
  if (!fitsQuota((await getUsedBytes(teamId)) - freed, input.sizeBytes, team.uploadQuotaBytes)) throw quotaExceeded();

  const key = sourceKey(teamId, input.videoId, input.versionNumber, extensionOf(input.fileName)!);
  const uploadId = await createMultipartUpload({ bucket: 'uploads', key, contentType: input.contentType.toLowerCase() });
  const plan = partPlan(input.sizeBytes);
  let replaced: VideoVersionRecord | undefined;
  try {
    const saved = await rewriteVideo(teamId, input.videoId, async (video) => {
      const version = await versionOf(teamId, input.videoId, input.versionNumber);
      if (version.number !== video.latestVersion || !['waiting', 'uploading', 'failed'].includes(version.state)) throw illegal();
      const release = (version.upload?.reservedBytes ?? 0) + (version.sourceKey ? (version.sizeBytes ?? 0) : 0);
      if (!fitsQuota((await getUsedBytes(teamId)) - release, input.sizeBytes, team.uploadQuotaBytes)) throw quotaExceeded();
      replaced = version;
      return {
        video: withLatestState(video, version.number, 'uploading', now),
        ops: [
          moveVersionOp(teamId, version, {
            from: [version.state],
            set: {
              state: 'uploading',
              uploadedBy: userId,
              upload: { uploadId, key, contentType: input.contentType.toLowerCase(), reservedBytes: input.sizeBytes, ...plan },
            },
            remove: ['sourceKey', 'sizeBytes', 'error', 'attemptId', 'jobId'],
          }),
          // One op on the usage item (a transaction touches an item once): the new size in, the freed bytes out.
          changeUsageOp(teamId, input.sizeBytes - release, team.uploadQuotaBytes),
        ],
      };
    });
    if (!saved) throw notFound();
  } catch (e) {
    // Nothing of this attempt may stay behind.
    await abortMultipartUpload({ bucket: 'uploads', key, uploadId });
    throw e;
  }
  // What the replaced attempt left: its open upload, or its source from a failed encoding.
  if (replaced?.upload) await abortMultipartUpload({ bucket: 'uploads', key: replaced.upload.key, uploadId: replaced.upload.uploadId });
  if (replaced?.sourceKey && replaced.sourceKey !== key) await deleteObject('uploads', replaced.sourceKey);
  return { uploadId, ...plan };
}

async function openUpload(teamId: string, videoId: string, number: number, uploadId: string) {
  const version = await versionOf(teamId, videoId, number);
  if (version.state !== 'uploading' || version.upload?.uploadId !== uploadId) throw illegal();
  return { version, upload: version.upload };
}

export async function signVideoParts(
  teamId: string,
  input: { videoId: string; versionNumber: number; uploadId: string; partNumbers: number[] },
  now = new Date(),
): Promise<{ parts: { partNumber: number; url: string }[]; expiresAt: string }> {
  const { upload } = await openUpload(teamId, input.videoId, input.versionNumber, input.uploadId);
  if (input.partNumbers.some((n) => n > upload.partCount)) throw new AppError('common/invalid_input', { partNumbers: 'validation/invalid_value' });
  const parts = await Promise.all(
    [...new Set(input.partNumbers)].map(async (partNumber) => ({
      partNumber,
      url: await presignUploadPart({ bucket: 'uploads', key: upload.key, uploadId: upload.uploadId, partNumber, expiresInSeconds: PART_URL_SECONDS }),
    })),
  );
  return { parts, expiresAt: new Date(now.getTime() + PART_URL_SECONDS * 1000).toISOString() };
}

/** Marks the version upload failed and frees what it held; the object (if any) is deleted. */
async function failUpload(teamId: string, version: VideoVersionRecord, uploadId: string, key: string, now: Date): Promise<void> {
  await deleteObject('uploads', key);
  await rewriteVideo(teamId, version.videoId, (video) => ({
    video: withLatestState(video, version.number, 'failed', now),
    ops: [
      moveVersionOp(teamId, version, { from: ['uploading'], uploadId, set: { state: 'failed', error: 'quota' }, remove: ['upload'] }),
      changeUsageOp(teamId, -(version.upload?.reservedBytes ?? 0)),
    ],
  }));
}

export async function completeVideoUpload(
  teamId: string,
  input: { videoId: string; versionNumber: number; uploadId: string; parts: { partNumber: number; etag: string }[] },
  now = new Date(),
): Promise<{ state: 'encoding' }> {
  const { version, upload } = await openUpload(teamId, input.videoId, input.versionNumber, input.uploadId);
  try {
    await completeMultipartUpload({ bucket: 'uploads', key: upload.key, uploadId: upload.uploadId, parts: input.parts });
  } catch (e) {
    if (e instanceof Error && /InvalidPart|InvalidPartOrder|EntityTooSmall|NoSuchUpload|MalformedXML/.test(e.name)) {
      throw new AppError('video/upload_failed', { parts: 'validation/invalid_value' });
    }
    throw e;
  }
  const stored = await headObject('uploads', upload.key);
  if (!stored) throw new AppError('video/upload_failed');
  const team = await getTeam(teamId);
  if (!team) throw new AppError('common/no_team');
  const extra = stored.size - upload.reservedBytes;
  const attemptId = ulid(now.getTime());
  let overQuota = false;
  const saved = await rewriteVideo(teamId, input.videoId, async (video) => {
    const current = await getVersion(teamId, input.videoId, input.versionNumber);
    if (current?.state !== 'uploading' || current.upload?.uploadId !== input.uploadId) throw illegal();
    if (extra > 0 && !fitsQuota(await getUsedBytes(teamId), extra, team.uploadQuotaBytes)) {
      overQuota = true;
      return undefined;
    }
    return {
      video: withLatestState(video, version.number, 'encoding', now),
      ops: [
        moveVersionOp(teamId, version, {
          from: ['uploading'],
          uploadId: input.uploadId,
          set: { state: 'encoding', sourceKey: upload.key, sizeBytes: stored.size, attemptId },
          remove: ['upload'],
        }),
        ...(extra !== 0 ? [changeUsageOp(teamId, extra, team.uploadQuotaBytes)] : []),
      ],
    };
  });
  if (overQuota) {
    // The real size does not fit: nothing of it stays.
    await failUpload(teamId, version, input.uploadId, upload.key, now);
    throw quotaExceeded();
  }
  if (!saved) throw notFound();
  await submitEncoding(teamId, version, attemptId, upload.key, now);
  return { state: 'encoding' };
}

/**
 * Starts transcoding an attempt already moved to encoding; if the transcoder refuses or cannot be reached, the version
 * is failed (a new upload may replace it) and the call answers SPEC §8 "register failed" (502, the cause logged).
 */
async function submitEncoding(teamId: string, version: VideoVersionRecord, attemptId: string, key: string, now: Date): Promise<void> {
  try {
    const { jobId } = await submitTranscode({
      teamId,
      videoId: version.videoId,
      versionId: attemptId,
      input: { bucket: 'uploads', key },
      output: { bucket: 'media', prefix: outputPrefix(teamId, version.videoId, attemptId) },
    }, transcodeJobStore);
    await transact([moveVersionOp(teamId, version, { from: ['encoding', 'ready', 'failed'], attemptId, set: { jobId } })]);
  } catch (e) {
    await rewriteVideo(teamId, version.videoId, (video) => ({
      video: withLatestState(video, version.number, 'failed', now),
      ops: [moveVersionOp(teamId, version, { from: ['encoding'], attemptId, set: { state: 'failed', error: 'submit' } })],
    }));
    throw Object.assign(new AppError('video/register_failed'), { cause: e });
  }
}

/**
 * Encodes a source the server itself stored at `sourceKey(…)` for a waiting version (the demo seed), with the
 * same quota accounting as a browser upload.
 */
export async function encodeStoredSource(
  teamId: string,
  userId: string,
  ref: { videoId: string; versionNumber: number; key: string },
  now = new Date(),
): Promise<void> {
  const stored = await headObject('uploads', ref.key);
  const team = await getTeam(teamId);
  if (!stored || !team) throw new Error('Source or team missing');
  const version = await versionOf(teamId, ref.videoId, ref.versionNumber);
  if (version.state !== 'waiting') throw illegal();
  const attemptId = ulid(now.getTime());
  await rewriteVideo(teamId, ref.videoId, (video) => ({
    video: withLatestState(video, version.number, 'encoding', now),
    ops: [
      moveVersionOp(teamId, version, {
        from: ['waiting'],
        set: { state: 'encoding', uploadedBy: userId, sourceKey: ref.key, sizeBytes: stored.size, attemptId },
      }),
      changeUsageOp(teamId, stored.size, team.uploadQuotaBytes),
    ],
  }));
  await submitEncoding(teamId, version, attemptId, ref.key, now);
}

/** The operator cancelled: parts discarded, reservation freed, the version waits again. */
export async function abortVideoUpload(
  teamId: string,
  input: { videoId: string; versionNumber: number; uploadId: string },
  now = new Date(),
): Promise<void> {
  const { version, upload } = await openUpload(teamId, input.videoId, input.versionNumber, input.uploadId);
  await abortMultipartUpload({ bucket: 'uploads', key: upload.key, uploadId: upload.uploadId });
  await rewriteVideo(teamId, input.videoId, (video) => ({
    video: withLatestState(video, version.number, 'waiting', now),
    ops: [
      moveVersionOp(teamId, version, { from: ['uploading'], uploadId: input.uploadId, set: { state: 'waiting' }, remove: ['upload'] }),
      changeUsageOp(teamId, -upload.reservedBytes),
    ],
  }));
}
