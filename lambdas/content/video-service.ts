import { ulid } from 'ulid';
import type { Video, VideoForm, VideoVersion } from '../../shared/api/calls/videos';
import { checkTypedCount } from '../../shared/rules/bulk-delete';
import { AppError, staleVersion } from '../core/http/app-error';
import { checkStoredFile } from '../core/media/file-upload';
import { changeUsageOp } from '../core/entities/upload-usage';
import { deleteVersionOp, listVersions, publicVersion, putVersionOp, type VideoVersionRecord } from '../core/entities/video-version';
import { transact } from '../platform/db';
import { abortMultipartUpload, deleteObject, deleteObjects, listObjects } from '../platform/storage';
import { checkNotReferenced } from './items/item-service';
import { getLibraryFile } from '../core/entities/library-file';
import { getEnquete } from '../core/entities/enquete';
import { getTest } from '../core/entities/test-quiz';
import { getDesign } from '../core/entities/site-design';
import { moveReferences, type ContentRef } from '../core/entities/content-references';
import { existsIn, type FieldProblems, sharedReferenceChecks } from './reference-checks';
import { applyVideoForm, commitVideo, getVideo, newVideoBase, removeVideo, rewriteVideo } from '../core/entities/video';
import { retryOnConflict } from '../core/conditional-write';

/**
 * The operator's video work (SPEC §2 /admin/video): the form's references are checked in the team before
 * writing (400 naming the field), and the write's own conditions keep them true (a category deleted in
 * between fails the transaction, which is then re-checked).
 */
const notFound = () => new AppError('video/not_found');

async function checkReferences(teamId: string, form: VideoForm, before: Video | undefined): Promise<void> {
  const fields: FieldProblems = {};
  const exists = existsIn(fields);
  const newKey = (key: string, old: (v: Video) => string[]) => !before || !old(before).includes(key);
  await Promise.all([
    ...sharedReferenceChecks(teamId, form, before?.priceIds, fields),
    form.completionAction === 'nextVideo' && form.nextVideoId
      ? form.nextVideoId === before?.videoId
        ? (fields.nextVideoId = 'validation/invalid_value')
        : exists('nextVideoId', getVideo(teamId, form.nextVideoId))
      : undefined,
    form.completionAction === 'survey' && form.enqueteId ? exists('enqueteId', getEnquete(teamId, form.enqueteId)) : undefined,
    form.completionAction === 'test' && form.testId ? exists('testId', getTest(teamId, form.testId)) : undefined,
    form.thumbnailKey && newKey(form.thumbnailKey, (v) => (v.thumbnailKey ? [v.thumbnailKey] : []))
      ? checkStoredFile(teamId, 'thumbnail', form.thumbnailKey).then((c) => c && (fields.thumbnailKey = c))
      : undefined,
    ...form.subtitles.map((s, i) =>
      newKey(s.key, (v) => v.subtitles.map((x) => x.key))
        ? checkStoredFile(teamId, 'subtitle', s.key).then((c) => c && (fields[`subtitles.${i}.key`] = c))
        : undefined,
    ),
    ...form.fileIds.map((id, i) => (before?.fileIds?.includes(id) ? undefined : exists(`fileIds.${i}`, getLibraryFile(teamId, id)))),
    ...form.attachments.map((a, i) =>
      newKey(a.key, (v) => v.attachments.map((x) => x.key))
        ? checkStoredFile(teamId, 'attachment', a.key).then((c) => c && (fields[`attachments.${i}.key`] = c))
        : undefined,
    ),
  ]);
  if (Object.keys(fields).length) throw new AppError('common/invalid_input', fields);
}

/**
 * The test a video's completion action offers is a reference row (content-references.ts): "is this test in use?"
 * and "which videos offer it?" are one Query. Added before the video's write, removed after it (fail closed).
 */
const offeredTests = (video: Pick<Video, 'testId'> | undefined): ContentRef[] => (video?.testId ? [{ type: 'test', id: video.testId }] : []);
const moveOfferedTests = (teamId: string, videoId: string, before: Video | undefined, after: Video | undefined, phase: 'add' | 'remove') =>
  moveReferences(teamId, { type: 'video', id: videoId }, offeredTests(before), offeredTests(after), phase);

/** Retries a write whose conditions failed (a reference changed meanwhile) after checking again. */
const withRechecks = <T>(work: () => Promise<T>): Promise<T> => retryOnConflict(work, 2);

export async function createVideo(teamId: string, form: VideoForm, now = new Date()): Promise<{ videoId: string; version: number; uploadVersion: number }> {
  const videoId = ulid(now.getTime());
  return withRechecks(async () => {
    await checkReferences(teamId, form, undefined);
    const video = applyVideoForm(newVideoBase(videoId, now), form, now);
    await moveOfferedTests(teamId, videoId, undefined, video, 'add');
    await commitVideo(teamId, undefined, video, [putVersionOp(teamId, { videoId, number: 1, state: 'waiting', createdAt: now.toISOString() })]);
    return { videoId, version: 1, uploadVersion: 1 };
  });
}

export async function updateVideo(
  teamId: string,
  videoId: string,
  expectedVersion: number,
  form: VideoForm,
  now = new Date(),
): Promise<{ version: number }> {
  return withRechecks(async () => {
    const before = await getVideo(teamId, videoId, true);
    if (!before) throw notFound();
    // Someone else saved since this form was loaded: their changes must not be overwritten silently.
    if (before.version !== expectedVersion) throw staleVersion();
    await checkReferences(teamId, form, before);
    const after = applyVideoForm(before, form, now);
    await moveOfferedTests(teamId, videoId, before, after, 'add');
    await commitVideo(teamId, before, after);
    await moveOfferedTests(teamId, videoId, before, after, 'remove');
    return { version: before.version + 1 };
  });
}

/**
 * Deletes the video (record, rows, usage counts in one transaction), then each version with the bytes it
 * held (one transaction each), then its objects in both buckets. A video a playlist or event refers to is
 * kept: 409 `deletion/video_in_playlist`; so is the LP's intro video (the site design's `introVideoId`):
 * 409 `deletion/video_in_landing_page` (SPEC §8).
 */
export async function deleteVideo(teamId: string, videoId: string): Promise<boolean> {
  const before = await withRechecks(async () => {
    const video = await getVideo(teamId, videoId, true);
    if (video) {
      if ((await getDesign(teamId)).design.introVideoId === videoId) throw new AppError('deletion/video_in_landing_page');
      await checkNotReferenced(teamId, { type: 'video', id: videoId });
      await removeVideo(teamId, video);
      await moveOfferedTests(teamId, videoId, video, undefined, 'remove');
    }
    return video;
  });
  if (!before) return false;
  for (const version of await listVersions(teamId, videoId)) {
    const held = (version.upload?.reservedBytes ?? 0) + (version.sourceKey ? (version.sizeBytes ?? 0) : 0);
    await transact([
      // The video is gone: whatever state the version reached, it goes with the bytes it held.
      deleteVersionOp(teamId, version, { anyState: true }),
      ...(held ? [changeUsageOp(teamId, -held)] : []),
    ]);
    if (version.upload) await abortMultipartUpload({ bucket: 'uploads', key: version.upload.key, uploadId: version.upload.uploadId });
  }
  const prefix = `T/${teamId}/videos/${videoId}/`;
  for (const bucket of ['uploads', 'media'] as const) {
    const keys = (await listObjects(bucket, prefix)).map((o) => o.key);
    if (keys.length) await deleteObjects(bucket, keys);
  }
  return true;
}

/**
 * Videos not found, videos in a playlist or event (also counted in `inPlaylist`) and the LP's intro video are
 * skipped.
 */
export async function bulkDeleteVideos(
  teamId: string,
  videoIds: string[],
  typedCount: string,
): Promise<{ deleted: number; skipped: number; inPlaylist: number }> {
  const mismatch = checkTypedCount(typedCount, videoIds.length);
  if (mismatch) throw new AppError('common/invalid_input', { typedCount: mismatch });
  let deleted = 0;
  let inPlaylist = 0;
  for (const videoId of videoIds) {
    try {
      if (await deleteVideo(teamId, videoId)) deleted++;
    } catch (e) {
      if (!(e instanceof AppError && (e.code === 'deletion/video_in_playlist' || e.code === 'deletion/video_in_landing_page'))) throw e;
      if (e.code === 'deletion/video_in_playlist') inPlaylist++;
    }
  }
  return { deleted, skipped: videoIds.length - deleted, inPlaylist };
}

export async function listVideoVersions(teamId: string, videoId: string): Promise<VideoVersion[]> {
  if (!(await getVideo(teamId, videoId))) throw notFound();
  return (await listVersions(teamId, videoId)).map(publicVersion);
}

/**
 * Deletes an old version and frees its bytes. The newest one and the one members play are kept
 * (`deletion/latest_video_version`); one uploading or encoding cannot be deleted mid-way.
 */
export async function deleteVideoVersion(teamId: string, videoId: string, number: number): Promise<void> {
  let removed: VideoVersionRecord | undefined;
  await rewriteVideo(teamId, videoId, async (video) => {
    const version = (await listVersions(teamId, videoId)).find((v) => v.number === number);
    if (!version) throw notFound();
    if (number === video.latestVersion || number === video.currentVersion) throw new AppError('deletion/latest_video_version');
    if (version.state === 'uploading' || version.state === 'encoding') throw new AppError('common/illegal_operation');
    removed = version;
    // The video is rewritten too (its version bumps), so a concurrent recreate or encode result re-reads first.
    return {
      video,
      ops: [deleteVersionOp(teamId, version), ...(version.sizeBytes && version.sourceKey ? [changeUsageOp(teamId, -version.sizeBytes)] : [])],
    };
  }).then((saved) => {
    if (!saved) throw notFound();
  });
  if (!removed) return;
  if (removed.sourceKey) await deleteObject('uploads', removed.sourceKey);
  if (removed.outputs) {
    const keys = (await listObjects('media', `${removed.outputs.prefix}/`)).map((o) => o.key);
    if (keys.length) await deleteObjects('media', keys);
  }
}

/** Starts a new version for an upload (see recreateVideoCall). */
export async function recreateVideo(teamId: string, videoId: string, now = new Date()): Promise<{ number: number }> {
  let number = 0;
  const saved = await rewriteVideo(teamId, videoId, async (video) => {
    const latest = (await listVersions(teamId, videoId)).find((v) => v.number === video.latestVersion);
    if (latest && (latest.state === 'waiting' || latest.state === 'failed')) {
      number = latest.number;
      return undefined;
    }
    if (latest && latest.state !== 'ready') throw new AppError('common/illegal_operation');
    number = video.latestVersion + 1;
    return {
      video: { ...video, latestVersion: number, uploadState: 'waiting', updatedAt: now.toISOString() },
      ops: [putVersionOp(teamId, { videoId, number, state: 'waiting', createdAt: now.toISOString() })],
    };
  });
  if (!saved && number === 0) throw notFound();
  return { number };
}
