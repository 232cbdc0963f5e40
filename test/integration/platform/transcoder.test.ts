import '../support/platform-env';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ulid } from 'ulid';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { handler as mediaJobState } from '../../../lambdas/events/media-job-state';
import { claimTranscodeJob, getTranscodeJob, listTranscodeJobs, nextTranscodeJob, transcodeJobStore } from '../../../lambdas/media/transcode-job';
import type { TranscodeJob } from '../../../lambdas/platform/transcoder/job';
import { getObjectBytes, listObjects, putObject, uploadFile } from '../../../lambdas/platform/storage';
import { submitLocalTranscode } from '../../../lambdas/platform/transcoder/local';
import { startFfmpegWorker, type FfmpegWorker } from '../../../local/ffmpeg-worker';
import { waitFor } from './waiting';

const run = promisify(execFile);

/**
 * Jobs go to a queue of this file's own, served by workers started here: the platform's own worker
 * serves the 'default' queue and never takes them, and these tests control the workers' lifecycle.
 */
const queue = `it-${ulid()}`;
const teamId = ulid();

let dir: string;
const clips = { short: '', long: '' };
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'transcode-it-'));
  const clip = async (name: string, size: string, seconds: number) => {
    const path = join(dir, name);
    await run('ffmpeg', [
      ...['-hide_banner', '-loglevel', 'error', '-y'],
      ...['-f', 'lavfi', '-i', `testsrc=size=${size}:rate=30`, '-f', 'lavfi', '-i', 'sine=frequency=440'],
      ...['-t', String(seconds), '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', path],
    ]);
    const key = `it/${ulid()}/${name}`;
    await uploadFile({ bucket: 'uploads', key, path, contentType: 'video/mp4' });
    return key;
  };
  clips.short = await clip('short.mp4', '640x360', 4);
  clips.long = await clip('long.mp4', '1280x720', 20);
}, 60_000);
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const workers: FfmpegWorker[] = [];
const startWorker = (opts: { leaseMs?: number } = {}) => {
  const w = startFfmpegWorker({ queue, pollMs: 50, ...opts });
  workers.push(w);
  return w;
};
afterEach(async () => {
  await Promise.all(workers.splice(0).map((w) => w.stop()));
});

function submit(inputKey: string) {
  const videoId = ulid();
  const versionId = ulid();
  return submitLocalTranscode(
    {
      teamId,
      videoId,
      versionId,
      input: { bucket: 'uploads', key: inputKey },
      output: { bucket: 'media', prefix: `T/${teamId}/videos/${videoId}/${versionId}` },
    },
    transcodeJobStore,
    queue,
  ).then(({ jobId }) => ({ jobId, videoId, versionId }));
}

const finished = (videoId: string, jobId: string, timeoutMs = 60_000) =>
  waitFor(
    'the job to finish',
    async () => {
      const job = await getTranscodeJob(teamId, videoId, jobId);
      return (job?.status === 'complete' || job?.status === 'error') && job;
    },
    timeoutMs,
    100,
  );

const ffmpegChildren = async () => {
  const { stdout } = await run('ps', ['-o', 'comm=', '--ppid', String(process.pid)]).catch(() => ({ stdout: '' }));
  return stdout.split('\n').filter((c) => c.trim() === 'ffmpeg').length;
};

describe('local transcoding (ffmpeg worker)', () => {
  it('turns a 4 s 360p clip into HLS at 360p only, with segments and a thumbnail in s3rver, and records the duration', async () => {
    startWorker();
    const { jobId, videoId, versionId } = await submit(clips.short);
    const job = await finished(videoId, jobId);

    const prefix = `T/${teamId}/videos/${videoId}/${versionId}`;
    expect(job).toMatchObject({
      status: 'complete',
      versionId,
      attempts: 1,
      outputs: {
        masterPlaylist: `${prefix}/index.m3u8`,
        renditions: [{ name: '360p', height: 360, width: 640, playlist: `${prefix}/index_360p.m3u8` }],
        thumbnail: `${prefix}/thumbnail.jpg`,
      },
    });
    expect(job.durationMs).toBeGreaterThanOrEqual(3900);
    expect(job.durationMs).toBeLessThanOrEqual(4100);
    expect(job.sourceSize).toBe((await stat(join(dir, 'short.mp4'))).size);

    const keys = (await listObjects('media', `${prefix}/`)).map((o) => o.key.slice(prefix.length + 1));
    expect(keys).toEqual(['index.m3u8', 'index_360p.m3u8', 'index_360p_00001.ts', 'thumbnail.jpg']);
    const master = Buffer.from((await getObjectBytes('media', `${prefix}/index.m3u8`))!).toString();
    expect(master.match(/#EXT-X-STREAM-INF/g)).toHaveLength(1);
    expect(master).toContain('RESOLUTION=640x360');
    const variant = Buffer.from((await getObjectBytes('media', `${prefix}/index_360p.m3u8`))!).toString();
    expect(variant).toContain('#EXT-X-ENDLIST');
    const thumbnail = (await getObjectBytes('media', `${prefix}/thumbnail.jpg`))!;
    expect([...thumbnail.subarray(0, 2)]).toEqual([0xff, 0xd8]);
    expect(await listTranscodeJobs(teamId, videoId)).toEqual([job]);
    // Off the queue index once finished.
    expect(await nextTranscodeJob(queue)).toBeUndefined();
  });

  it('keeps the first result when the job state event is replayed or contradicted', async () => {
    startWorker();
    const { jobId, videoId, versionId } = await submit(clips.short);
    const done = await finished(videoId, jobId);
    await mediaJobState({
      version: '0',
      id: ulid(),
      'detail-type': 'MediaConvert Job State Change',
      source: 'aws.mediaconvert',
      account: '000000000000',
      time: new Date().toISOString(),
      region: 'ap-northeast-1',
      resources: [],
      detail: { status: 'ERROR', jobId, userMetadata: { teamId, videoId, versionId, jobId }, errorMessage: 'late' },
    });
    expect(await getTranscodeJob(teamId, videoId, jobId)).toEqual(done);
  });

  it('ends a broken upload in the error state', async () => {
    startWorker();
    const key = `it/${ulid()}/broken.mp4`;
    await putObject({ bucket: 'uploads', key, body: 'this is not a video', contentType: 'video/mp4' });
    const { jobId, videoId } = await submit(key);
    const job = await finished(videoId, jobId);
    expect(job).toMatchObject({ status: 'error', error: 'The upload is not a readable media file' });
    expect(job.outputs).toBeUndefined();
  });

  it('gives each job to one worker when two serve the queue', async () => {
    startWorker();
    startWorker();
    const jobs = await Promise.all([submit(clips.short), submit(clips.short), submit(clips.short)]);
    const done: TranscodeJob[] = await Promise.all(jobs.map((j) => finished(j.videoId, j.jobId)));
    expect(done.map((j) => [j.status, j.attempts])).toEqual(jobs.map(() => ['complete', 1]));
  });

  it('takes over a job whose worker died (its lease ran out)', async () => {
    const { jobId, videoId } = await submit(clips.short);
    // A worker that claimed the job for 300 ms and then vanished.
    const seen = await nextTranscodeJob(queue);
    expect(seen?.job.jobId).toBe(jobId);
    expect(await claimTranscodeJob(seen!, 300)).toBeDefined();

    startWorker();
    const job = await finished(videoId, jobId);
    expect(job).toMatchObject({ status: 'complete', attempts: 2 });
  });

  it('kills ffmpeg on stop, puts the job back, and the next worker finishes it', async () => {
    const worker = startWorker();
    const { jobId, videoId } = await submit(clips.long);
    await waitFor('ffmpeg to start', async () => (await ffmpegChildren()) > 0, 30_000);

    const stopping = Date.now();
    await worker.stop();
    expect(Date.now() - stopping).toBeLessThan(5000);
    expect(await ffmpegChildren()).toBe(0);
    expect(await getTranscodeJob(teamId, videoId, jobId)).toMatchObject({ status: 'queued', attempts: 0 });

    startWorker();
    expect(await finished(videoId, jobId)).toMatchObject({ status: 'complete', attempts: 1 });
  }, 120_000);
});

describe('submitting', () => {
  it('refuses an upload that does not exist, storing nothing', async () => {
    const videoId = ulid();
    await expect(
      submitLocalTranscode(
        { teamId, videoId, versionId: ulid(), input: { bucket: 'uploads', key: `it/${ulid()}/none.mp4` }, output: { bucket: 'media', prefix: 'x' } },
        transcodeJobStore,
        queue,
      ),
    ).rejects.toThrow('Upload not found');
    expect(await listTranscodeJobs(teamId, videoId)).toEqual([]);
  });

  it('refuses an output prefix that climbs out of its folder', async () => {
    await expect(
      submitLocalTranscode(
        { teamId, videoId: ulid(), versionId: ulid(), input: { bucket: 'uploads', key: clips.short }, output: { bucket: 'media', prefix: 'T/../other' } },
        transcodeJobStore,
        queue,
      ),
    ).rejects.toThrow('Invalid output prefix');
  });
});
