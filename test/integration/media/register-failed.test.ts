import '../support/platform-env';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import * as uploadsCalls from '../../../shared/api/calls/uploads';
import * as videosCalls from '../../../shared/api/calls/videos';
import type { Video } from '../../../shared/api/calls/videos';
import { AppError } from '../../../lambdas/core/http/app-error';
import { getVersion } from '../../../lambdas/core/entities/video-version';
import { completeVideoUpload } from '../../../lambdas/media/video-upload';
import { call } from '../support/api';
import { newOperator, type Caller } from '../content/people';

// The transcoder port as deployed, except that submitting a job fails the way MediaConvert does when it refuses or
// cannot be reached. The gateway's workers run the real port; the completing step runs here, in-process.
const transcoderDown = vi.hoisted(() => ({ on: false }));
vi.mock('../../../lambdas/platform/transcoder', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../lambdas/platform/transcoder')>();
  return {
    ...real,
    submitTranscode: async (...args: Parameters<typeof real.submitTranscode>) => {
      if (transcoderDown.on) throw Object.assign(new Error('Rate exceeded'), { name: 'TooManyRequestsException' });
      return real.submitTranscode(...args);
    },
  };
});

let admin: Caller;
beforeAll(async () => {
  admin = await newOperator('Register Failed');
});

/** A new video with version 1's bytes uploaded through the presigned part URL; answers what completing needs. */
async function uploadedVideo(bytes: Uint8Array<ArrayBuffer>) {
  const created = await call(videosCalls.createVideoCall, { ...admin.ctx, title: 'Not registered' }, admin.token);
  expect(created.status).toBe(200);
  const videoId = (created.body as { videoId: string }).videoId;
  const base = { ...admin.ctx, videoId, versionNumber: 1 };
  const started = await call(uploadsCalls.startVideoUploadCall, { ...base, fileName: 'clip.mp4', contentType: 'video/mp4', sizeBytes: bytes.length }, admin.token);
  expect(started.status).toBe(200);
  const { uploadId } = started.body as { uploadId: string };
  const signed = await call(uploadsCalls.signVideoPartsCall, { ...base, uploadId, partNumbers: [1] }, admin.token);
  const [{ url }] = (signed.body as { parts: { partNumber: number; url: string }[] }).parts;
  const put = await fetch(url, { method: 'PUT', body: bytes });
  expect(put.status).toBe(200);
  return { videoId, uploadId, parts: [{ partNumber: 1, etag: put.headers.get('etag')! }] };
}

describe('completing an upload when the transcoder refuses the job (SPEC §8 video register failed)', () => {
  it('answers video/register_failed (502) and fails the version, which a new upload may replace', async () => {
    const { videoId, uploadId, parts } = await uploadedVideo(new Uint8Array(2048).fill(7));
    transcoderDown.on = true;
    let error: unknown;
    try {
      await completeVideoUpload(admin.teamId, { videoId, versionNumber: 1, uploadId, parts });
    } catch (e) {
      error = e;
    } finally {
      transcoderDown.on = false;
    }
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'video/register_failed', status: 502 });
    expect((error as Error).cause).toMatchObject({ name: 'TooManyRequestsException' });

    expect(await getVersion(admin.teamId, videoId, 1)).toMatchObject({ state: 'failed', error: 'submit' });
    const video = (await call(videosCalls.getVideoCall, { ...admin.ctx, videoId }, admin.token)).body as Video;
    expect(video.uploadState).toBe('failed');
    // The failed version takes a new upload.
    const again = await call(
      uploadsCalls.startVideoUploadCall,
      { ...admin.ctx, videoId, versionNumber: 1, fileName: 'clip.mp4', contentType: 'video/mp4', sizeBytes: 2048 },
      admin.token,
    );
    expect(again.status).toBe(200);
  });
});
