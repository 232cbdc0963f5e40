/**
 * Local transcoding against the same ffmpeg ladder run by hand (DESIGN §6: at most 10% more). One generated
 * 20 s 1080p clip; then, alternating, (A) the product's path: the source stored in the local S3 uploads bucket,
 * encodeStoredSource (what the demo seed and a finished browser upload use) queues the job, the platform's own
 * ffmpeg worker takes it, downloads the source, probes it, runs the ladder, uploads the outputs to the local S3
 * media bucket and reports through the MediaConvert event handler, until the version is ready; (B) ffprobe and
 * the very ffmpeg command line the worker builds (ffmpegLadderArgs), run directly on the local file into a temp
 * dir. Alternating makes whatever else the machine does weigh on both sides.
 */
import { execFile, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as delay } from 'node:timers/promises';
import { promisify } from 'node:util';
import { ulid } from 'ulid';
import { commitVideo, newVideoBase } from '../lambdas/core/entities/video';
import { encodeStoredSource, sourceKey } from '../lambdas/media/video-upload';
import { listTranscodeJobs } from '../lambdas/media/transcode-job';
import { getVersion, putVersionOp } from '../lambdas/core/entities/video-version';
import { uploadFile } from '../lambdas/platform/storage';
import { ffmpegLadderArgs, probeSource } from '../local/ffmpeg-worker';
import { median, type Figure } from './support';

const run = promisify(execFile);
const CLIP_SECONDS = 20;

/** The test clip: testsrc2 at 1080p30 with a sine tone, H.264/AAC as a camera or editor would hand it over. */
async function makeClip(path: string): Promise<void> {
  await run('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=1920x1080:rate=30'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000', '-t', String(CLIP_SECONDS)],
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', path],
  ]);
}

/**
 * (A): a new video with a waiting version 1 and its source stored; the timed part is encoding it until ready.
 * Also answers how long the job waited on the queue before the worker took it (its poll interval).
 */
async function transcodeAsTheProduct(teamId: string, adminId: string, clip: string, n: number): Promise<{ ms: number; queuedMs: number }> {
  const now = new Date();
  const videoId = ulid();
  await commitVideo(teamId, undefined, { ...newVideoBase(videoId, now), title: `Bench transcode ${n}` }, [
    putVersionOp(teamId, { videoId, number: 1, state: 'waiting', createdAt: now.toISOString() }),
  ]);
  const key = sourceKey(teamId, videoId, 1, 'mp4');
  await uploadFile({ bucket: 'uploads', key, path: clip, contentType: 'video/mp4' });
  const started = performance.now();
  await encodeStoredSource(teamId, adminId, { videoId, versionNumber: 1, key }, new Date());
  for (;;) {
    const version = await getVersion(teamId, videoId, 1);
    if (version?.state === 'ready') {
      const ms = performance.now() - started;
      const [job] = await listTranscodeJobs(teamId, videoId, 1);
      return { ms, queuedMs: Date.parse(job.startedAt!) - Date.parse(job.createdAt) };
    }
    if (version?.state === 'failed') throw new Error(`The bench transcode failed: ${version.error ?? 'no reason given'}`);
    // A tenth of a second against a transcode of tens of seconds.
    await delay(100);
  }
}

/** (B): ffprobe as the worker calls it, then its ffmpeg command line, one process each, as the worker runs them. */
async function transcodeByHand(clip: string, args: (outDir: string) => string[]): Promise<number> {
  const outDir = await mkdtemp(join(tmpdir(), 'bench-ladder-'));
  try {
    const started = performance.now();
    await run('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_streams', '-show_format', clip], { maxBuffer: 16 * 1024 * 1024 });
    await new Promise<void>((resolve, reject) => {
      const child = spawn('ffmpeg', args(outDir), { stdio: ['ignore', 'ignore', 'inherit'] });
      child.once('error', reject);
      child.once('close', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg by hand failed (${code})`))));
    });
    return performance.now() - started;
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}

export async function transcodeFigures(ctx: { teamId: string; adminId: string; pairs: number }): Promise<Figure[]> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-clip-'));
  try {
    const clip = join(dir, 'clip-1080p.mp4');
    await makeClip(clip);
    const source = await probeSource(clip);
    const args = (outDir: string) => ffmpegLadderArgs({ input: clip, outDir, source });
    const product: number[] = [];
    const queued: number[] = [];
    const byHand: number[] = [];
    for (let i = 0; i < ctx.pairs; i++) {
      const a = await transcodeAsTheProduct(ctx.teamId, ctx.adminId, clip, i + 1);
      product.push(a.ms);
      queued.push(a.queuedMs);
      byHand.push(await transcodeByHand(clip, args));
    }
    const a = median(product);
    const b = median(byHand);
    const clipName = `${CLIP_SECONDS} s ${source.height}p clip, ${source.hasAudio ? 'with' : 'no'} audio`;
    return [
      [`local transcode, ${clipName}: worker via local S3 (median of ${ctx.pairs})`, `${(a / 1000).toFixed(1)} s`, ''],
      ['  of which waiting on the queue for the worker (median)', `${(median(queued) / 1000).toFixed(1)} s`, ''],
      [`same ffmpeg ladder run by hand (median of ${ctx.pairs})`, `${(b / 1000).toFixed(1)} s`, ''],
      ['ratio local transcode / by hand', `${(a / b).toFixed(3)}x`, '<= 1.10x'],
    ];
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
