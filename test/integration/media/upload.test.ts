import '../support/platform-env';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as uploadsCalls from '../../../shared/api/calls/uploads';
import type { EncodeNotification } from '../../../shared/api/calls/uploads';
import * as videosCalls from '../../../shared/api/calls/videos';
import type { Video, VideoVersion } from '../../../shared/api/calls/videos';
import { handler as mediaJobState } from '../../../lambdas/events/media-job-state';
import { listTranscodeJobs } from '../../../lambdas/media/transcode-job';
import { updateItem } from '../../../lambdas/platform/db';
import { teamKey } from '../../../lambdas/platform/keys';
import { getObjectBytes, listObjects } from '../../../lambdas/platform/storage';
import { call, inbox } from '../support/api';
import { waitFor } from '../platform/waiting';
import { newOperator, newPerson, type Caller } from '../content/people';

const run = promisify(execFile);

let dir: string;
let clip: Buffer;
let alpha: Caller;
let beta: Caller;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'upload-it-'));
  const path = join(dir, 'clip.mp4');
  await run('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=640x360:rate=30', '-f', 'lavfi', '-i', 'sine=frequency=440'],
    ...['-t', '4', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', path],
  ]);
  clip = await readFile(path);
  [alpha, beta] = await Promise.all([newOperator('Upload Alpha'), newOperator('Upload Beta')]);
}, 60_000);
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function newVideo(who: Caller, title = 'Clip'): Promise<string> {
  const res = await call(videosCalls.createVideoCall, { ...who.ctx, title }, who.token);
  expect(res.status).toBe(200);
  return (res.body as { videoId: string }).videoId;
}

const getVideo = async (who: Caller, videoId: string) => (await call(videosCalls.getVideoCall, { ...who.ctx, videoId }, who.token)).body as Video;
const usage = async (who: Caller) => (await call(uploadsCalls.getUploadUsageCall, who.ctx, who.token)).body as { usedBytes: number; quotaBytes: number };
const sourceObjects = (who: Caller, videoId: string) => listObjects('uploads', `T/${who.teamId}/videos/${videoId}/`);

/** start -> PUT each part to its presigned URL as a browser does -> answers what complete needs. */
async function uploadParts(who: Caller, videoId: string, versionNumber: number, bytes: Buffer, declared = bytes.length) {
  const started = await call(uploadsCalls.startVideoUploadCall, { ...who.ctx, videoId, versionNumber, fileName: 'clip.mp4', contentType: 'video/mp4', sizeBytes: declared }, who.token);
  expect(started.status).toBe(200);
  const { uploadId, partSize, partCount } = started.body as { uploadId: string; partSize: number; partCount: number };
  const signed = await call(
    uploadsCalls.signVideoPartsCall,
    { ...who.ctx, videoId, versionNumber, uploadId, partNumbers: Array.from({ length: partCount }, (_, i) => i + 1) },
    who.token,
  );
  expect(signed.status).toBe(200);
  const parts = [];
  for (const { partNumber, url } of (signed.body as { parts: { partNumber: number; url: string }[] }).parts) {
    expect(url.startsWith(`${new URL(url).origin}/s3/`)).toBe(true);
    const put = await fetch(url, { method: 'PUT', body: new Uint8Array(bytes.subarray((partNumber - 1) * partSize, partNumber * partSize)) });
    expect(put.status).toBe(200);
    parts.push({ partNumber, etag: put.headers.get('etag')! });
  }
  return { uploadId, parts };
}

const readyVideo = (who: Caller, videoId: string, version: number) =>
  waitFor('the version to be encoded', async () => {
    const video = await getVideo(who, videoId);
    return video.currentVersion === version && video.uploadState === 'ready' && video;
  }, 90_000, 250);

describe('video upload, end to end against s3rver and the local ffmpeg worker', () => {
  it('uploads through presigned part URLs, encodes, records duration and size, notifies in-app and by mail', async () => {
    const videoId = await newVideo(alpha, 'First upload');
    expect((await getVideo(alpha, videoId)).uploadState).toBe('waiting');
    const { uploadId, parts } = await uploadParts(alpha, videoId, 1, clip);
    expect((await getVideo(alpha, videoId)).uploadState).toBe('uploading');

    const done = await call(uploadsCalls.completeVideoUploadCall, { ...alpha.ctx, videoId, versionNumber: 1, uploadId, parts }, alpha.token);
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ state: 'encoding' });
    const stored = await sourceObjects(alpha, videoId);
    expect(stored.map((o) => o.size)).toEqual([clip.length]);
    expect(Buffer.from((await getObjectBytes('uploads', stored[0].key))!).equals(clip)).toBe(true);

    const video = await readyVideo(alpha, videoId, 1);
    expect(video).toMatchObject({ durationSeconds: 4, sizeBytes: clip.length, latestVersion: 1 });
    expect(video.playback?.masterPlaylistKey).toMatch(new RegExp(`^T/${alpha.teamId}/videos/${videoId}/[0-9A-Z]+/index\\.m3u8$`));
    const versions = (await call(videosCalls.listVideoVersionsCall, { ...alpha.ctx, videoId }, alpha.token)).body as { items: VideoVersion[] };
    expect(versions.items).toMatchObject([{ number: 1, state: 'ready', durationSeconds: 4, sizeBytes: clip.length }]);
    expect((await usage(alpha)).usedBytes).toBe(clip.length);

    const notices = (await call(uploadsCalls.listEncodeNotificationsCall, alpha.ctx, alpha.token)).body as { items: EncodeNotification[] };
    expect(notices.items).toMatchObject([{ videoId, title: 'First upload', versionNumber: 1, result: 'ready' }]);
    const mail = await waitFor('the mail', async () => (await inbox(alpha.email)).find((m) => m.subject.includes('First upload')));
    expect(mail.subject).toBe('【Upload Alpha】動画の準備ができました: First upload');
    expect(mail.body.text).toContain(`/admin/video/${videoId}/edit`);

    // A replayed, contradicting job event changes nothing: the version moved once, one notice, one mail.
    const [job] = await listTranscodeJobs(alpha.teamId, videoId);
    await mediaJobState({
      version: '0',
      id: 'replay',
      'detail-type': 'MediaConvert Job State Change',
      source: 'aws.mediaconvert',
      account: '000000000000',
      time: new Date().toISOString(),
      region: 'ap-northeast-1',
      resources: [],
      detail: { status: 'ERROR', jobId: job.jobId, userMetadata: { teamId: alpha.teamId, videoId, versionId: job.versionId, jobId: job.jobId } },
    });
    expect(await getVideo(alpha, videoId)).toMatchObject({ uploadState: 'ready', currentVersion: 1, version: video.version });
    const again = (await call(uploadsCalls.listEncodeNotificationsCall, alpha.ctx, alpha.token)).body as { items: EncodeNotification[] };
    expect(again.items.filter((n) => n.videoId === videoId)).toHaveLength(1);
    expect((await inbox(alpha.email)).filter((m) => m.subject.includes('First upload'))).toHaveLength(1);
  }, 120_000);

  it('keeps the latest and the playing version, deletes an old one once a new version is ready', async () => {
    const videoId = await newVideo(alpha, 'Versions');
    const first = await uploadParts(alpha, videoId, 1, clip);
    await call(uploadsCalls.completeVideoUploadCall, { ...alpha.ctx, videoId, versionNumber: 1, ...first }, alpha.token);
    await readyVideo(alpha, videoId, 1);

    const latest = await call(videosCalls.deleteVideoVersionCall, { ...alpha.ctx, videoId, number: 1 }, alpha.token);
    expect(latest.status).toBe(409);
    expect(latest.body.error?.code).toBe('deletion/latest_video_version');

    const recreated = await call(videosCalls.recreateVideoCall, { ...alpha.ctx, videoId }, alpha.token);
    expect(recreated.body).toEqual({ number: 2 });
    // Asked again before any upload: the same waiting version.
    expect((await call(videosCalls.recreateVideoCall, { ...alpha.ctx, videoId }, alpha.token)).body).toEqual({ number: 2 });
    expect(await getVideo(alpha, videoId)).toMatchObject({ latestVersion: 2, currentVersion: 1, uploadState: 'waiting' });
    // Version 1 is still the one members play.
    expect((await call(videosCalls.deleteVideoVersionCall, { ...alpha.ctx, videoId, number: 1 }, alpha.token)).status).toBe(409);

    const second = await uploadParts(alpha, videoId, 2, clip);
    await call(uploadsCalls.completeVideoUploadCall, { ...alpha.ctx, videoId, versionNumber: 2, ...second }, alpha.token);
    await readyVideo(alpha, videoId, 2);
    expect((await call(videosCalls.deleteVideoVersionCall, { ...alpha.ctx, videoId, number: 2 }, alpha.token)).body.error?.code).toBe(
      'deletion/latest_video_version',
    );
    const before = await usage(alpha);
    expect((await call(videosCalls.deleteVideoVersionCall, { ...alpha.ctx, videoId, number: 1 }, alpha.token)).status).toBe(200);
    const versions = (await call(videosCalls.listVideoVersionsCall, { ...alpha.ctx, videoId }, alpha.token)).body as { items: VideoVersion[] };
    expect(versions.items.map((v) => v.number)).toEqual([2]);
    expect((await usage(alpha)).usedBytes).toBe(before.usedBytes - clip.length);
    expect((await sourceObjects(alpha, videoId)).map((o) => o.key)).toEqual([`T/${alpha.teamId}/videos/${videoId}/2/source.mp4`]);
  }, 180_000);

  it('refuses an upload over the quota before it starts, leaving nothing behind', async () => {
    const videoId = await newVideo(alpha, 'Too big');
    const { quotaBytes, usedBytes } = await usage(alpha);
    const res = await call(
      uploadsCalls.startVideoUploadCall,
      { ...alpha.ctx, videoId, versionNumber: 1, fileName: 'big.mp4', contentType: 'video/mp4', sizeBytes: quotaBytes - usedBytes + 1 },
      alpha.token,
    );
    expect(res.status).toBe(403);
    expect(res.body.error?.code).toBe('plan/upload_quota_exceeded');
    expect(await sourceObjects(alpha, videoId)).toEqual([]);
    expect(await getVideo(alpha, videoId)).toMatchObject({ uploadState: 'waiting' });
    expect((await usage(alpha)).usedBytes).toBe(usedBytes);
  });

  it('refuses on completion when the real size is over the quota: the object is deleted, the version failed', async () => {
    const team = await newOperator('Small quota');
    await updateItem({ key: { pk: teamKey(team.teamId, 'TEAM'), sk: 'TEAM' }, set: { uploadQuotaBytes: clip.length - 1 } });
    const videoId = await newVideo(team, 'Lies about its size');
    const { uploadId, parts } = await uploadParts(team, videoId, 1, clip, 1000);
    const res = await call(uploadsCalls.completeVideoUploadCall, { ...team.ctx, videoId, versionNumber: 1, uploadId, parts }, team.token);
    expect(res.status).toBe(403);
    expect(res.body.error?.code).toBe('plan/upload_quota_exceeded');
    expect(await sourceObjects(team, videoId)).toEqual([]);
    expect(await getVideo(team, videoId)).toMatchObject({ uploadState: 'failed' });
    expect((await usage(team)).usedBytes).toBe(0);
  });

  it('aborts: the reservation is freed and the version waits again', async () => {
    const videoId = await newVideo(alpha, 'Aborted');
    const before = await usage(alpha);
    const { uploadId } = await uploadParts(alpha, videoId, 1, clip);
    expect((await usage(alpha)).usedBytes).toBe(before.usedBytes + clip.length);
    const res = await call(uploadsCalls.abortVideoUploadCall, { ...alpha.ctx, videoId, versionNumber: 1, uploadId }, alpha.token);
    expect(res.status).toBe(200);
    expect(await getVideo(alpha, videoId)).toMatchObject({ uploadState: 'waiting' });
    expect((await usage(alpha)).usedBytes).toBe(before.usedBytes);
    expect(await sourceObjects(alpha, videoId)).toEqual([]);
    const late = await call(uploadsCalls.completeVideoUploadCall, { ...alpha.ctx, videoId, versionNumber: 1, uploadId, parts: [{ partNumber: 1, etag: 'x' }] }, alpha.token);
    expect(late.status).toBe(400);
  });

  it('accepts only video files (MIME type and extension) and answers 400 naming the field', async () => {
    const videoId = await newVideo(alpha, 'Types');
    const base = { ...alpha.ctx, videoId, versionNumber: 1, sizeBytes: 1000 };
    const image = await call(uploadsCalls.startVideoUploadCall, { ...base, fileName: 'a.png', contentType: 'image/png' }, alpha.token);
    expect(image.status).toBe(400);
    expect(image.body.error?.fields).toEqual({ contentType: 'validation/invalid_value' });
    const ext = await call(uploadsCalls.startVideoUploadCall, { ...base, fileName: 'a.exe', contentType: 'video/mp4' }, alpha.token);
    expect(ext.body.error?.fields).toEqual({ fileName: 'validation/invalid_value' });
    const size = await call(uploadsCalls.startVideoUploadCall, { ...base, fileName: 'a.mp4', contentType: 'video/mp4', sizeBytes: 0 }, alpha.token);
    expect(size.body.error?.fields).toEqual({ sizeBytes: 'validation/invalid_value' });
    expect(await sourceObjects(alpha, videoId)).toEqual([]);
  });

  it('answers 403 to a member and an administrator without contentsManager, 404 for another team\'s video', async () => {
    const videoId = await newVideo(alpha, 'Guarded');
    const input = { videoId, versionNumber: 1, fileName: 'a.mp4', contentType: 'video/mp4', sizeBytes: 1000 };
    for (const who of [await newPerson(alpha.teamId, 'member'), await newPerson(alpha.teamId, 'admin', ['userManager'])]) {
      expect((await call(uploadsCalls.startVideoUploadCall, { ...who.ctx, ...input }, who.token)).status).toBe(403);
      expect((await call(uploadsCalls.startFileUploadCall, { ...who.ctx, kind: 'thumbnail', fileName: 'a.jpg', contentType: 'image/jpeg', sizeBytes: 10 }, who.token)).status).toBe(403);
      expect((await call(uploadsCalls.listEncodeNotificationsCall, who.ctx, who.token)).status).toBe(403);
    }
    const foreign = await call(uploadsCalls.startVideoUploadCall, { ...beta.ctx, ...input }, beta.token);
    expect(foreign.status).toBe(404);
    expect(await getVideo(alpha, videoId)).toMatchObject({ uploadState: 'waiting' });
    expect(await sourceObjects(alpha, videoId)).toEqual([]);
  });
});

describe('/upload/file/start (thumbnail, subtitle, attachment)', () => {
  async function putFile(who: Caller, kind: 'thumbnail' | 'subtitle' | 'attachment', fileName: string, contentType: string, body: Buffer) {
    const res = await call(uploadsCalls.startFileUploadCall, { ...who.ctx, kind, fileName, contentType, sizeBytes: body.length }, who.token);
    expect(res.status).toBe(200);
    const { key, url, headers } = res.body as { key: string; url: string; headers: Record<string, string> };
    const put = await fetch(url, { method: 'PUT', headers, body: new Uint8Array(body) });
    expect(put.status).toBe(200);
    return key;
  }

  it('stores a WebVTT subtitle and a thumbnail a video can use; refuses a subtitle that is not WebVTT', async () => {
    const videoId = await newVideo(alpha, 'Subtitled');
    const vtt = await putFile(alpha, 'subtitle', 'ja.vtt', 'text/vtt', Buffer.from('WEBVTT\n\n00:00.000 --> 00:02.000\nこんにちは\n'));
    const jpeg = await putFile(alpha, 'thumbnail', 'cover.jpg', 'image/jpeg', Buffer.from([0xff, 0xd8, 0xff, 0xd9]));
    const fake = await putFile(alpha, 'subtitle', 'en.vtt', 'text/vtt', Buffer.from('1\n00:00:00,000 --> 00:00:02,000\nHello\n'));
    const video = await getVideo(alpha, videoId);
    const ok = await call(
      videosCalls.updateVideoCall,
      { ...alpha.ctx, videoId, version: video.version, title: video.title, thumbnailKey: jpeg, subtitles: [{ language: 'ja', key: vtt }] },
      alpha.token,
    );
    expect(ok.status).toBe(200);
    expect(await getVideo(alpha, videoId)).toMatchObject({ thumbnailKey: jpeg, subtitles: [{ language: 'ja', key: vtt }] });
    const bad = await call(
      videosCalls.updateVideoCall,
      { ...alpha.ctx, videoId, version: video.version + 1, title: video.title, subtitles: [{ language: 'en', key: fake }] },
      alpha.token,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error?.fields).toEqual({ 'subtitles.0.key': 'validation/invalid_value' });
  });

  it('refuses wrong types and sizes per kind, and a file key of another team', async () => {
    const base = { ...alpha.ctx, fileName: 'a.jpg', contentType: 'image/jpeg' };
    expect((await call(uploadsCalls.startFileUploadCall, { ...base, kind: 'thumbnail', sizeBytes: 6 * 1024 ** 2 }, alpha.token)).body.error?.fields).toEqual({
      sizeBytes: 'validation/invalid_value',
    });
    expect((await call(uploadsCalls.startFileUploadCall, { ...base, kind: 'subtitle', sizeBytes: 10 }, alpha.token)).body.error?.fields).toEqual({
      contentType: 'validation/invalid_value',
    });
    expect((await call(uploadsCalls.startFileUploadCall, { ...base, kind: 'poster', sizeBytes: 10 }, alpha.token)).body.error?.fields).toEqual({
      kind: 'validation/invalid_value',
    });
    const theirs = await putFile(beta, 'thumbnail', 'b.jpg', 'image/jpeg', Buffer.from([0xff, 0xd8, 0xff, 0xd9]));
    const videoId = await newVideo(alpha, 'Borrowing');
    const video = await getVideo(alpha, videoId);
    const res = await call(videosCalls.updateVideoCall, { ...alpha.ctx, videoId, version: video.version, title: 'x', thumbnailKey: theirs }, alpha.token);
    expect(res.body.error?.fields).toEqual({ thumbnailKey: 'validation/invalid_value' });
  });
});
