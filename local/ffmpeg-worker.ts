import { execFile, spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { promisify } from 'node:util';
import { Logger } from '@aws-lambda-powertools/logger';
import { ulid } from 'ulid';
import { handler as mediaJobState, type MediaJobStateDetail, type MediaJobStateEvent } from '../lambdas/events/media-job-state';
import {
  claimTranscodeJob,
  nextTranscodeJob,
  releaseTranscodeJob,
  renewTranscodeLease,
  type QueuedTranscode,
} from '../lambdas/media/transcode-job';
import { platformConfig } from '../lambdas/platform/config';
import { LOCAL_ACCOUNT_ID } from '../lambdas/platform/aws-calls';
import { downloadToFile, uploadFile } from '../lambdas/platform/storage';
import { s3Uri, type TranscodeJob } from '../lambdas/platform/transcoder/job';
import {
  AUDIO,
  GOP_SECONDS,
  OUTPUT_BASENAME,
  SEGMENT_SECONDS,
  THUMBNAIL,
  THUMBNAIL_BASENAME,
  renditionsFor,
  thumbnailHeight,
} from '../lambdas/platform/transcoder/ladder';
import { DEFAULT_TRANSCODE_QUEUE } from '../lambdas/platform/transcoder/local';

/**
 * The local stand-in for MediaConvert: takes queued jobs from the table, runs the shared ladder with
 * one ffmpeg process, uploads the result to s3rver and reports through the handler AWS's EventBridge
 * rule calls.
 */
const logger = new Logger({ serviceName: 'ffmpeg-worker' });
const run = promisify(execFile);

/** A job that kept killing its worker (it is taken again once the lease runs out) is given up after this many tries. */
const MAX_ATTEMPTS = 3;
const FFMPEG_MISSING = 'ffmpeg is not installed: run apt-get install -y ffmpeg';

export interface SourceProbe {
  height: number;
  hasAudio: boolean;
  durationMs: number;
}

/** Height, audio and duration of a media file, read by ffprobe. */
export async function probeSource(path: string, signal?: AbortSignal): Promise<SourceProbe> {
  let out: string;
  try {
    ({ stdout: out } = await run(
      'ffprobe',
      ['-v', 'error', '-print_format', 'json', '-show_streams', '-show_format', path],
      { signal, maxBuffer: 16 * 1024 * 1024 },
    ));
  } catch (e) {
    if (signal?.aborted) throw e;
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') throw new Error(FFMPEG_MISSING);
    throw new Error('The upload is not a readable media file');
  }
  const info = JSON.parse(out) as {
    streams?: { codec_type?: string; height?: number; duration?: string }[];
    format?: { duration?: string };
  };
  const video = info.streams?.find((s) => s.codec_type === 'video' && s.height);
  if (!video?.height) throw new Error('The upload holds no video');
  const seconds = Number(info.format?.duration ?? video.duration ?? 0);
  return {
    height: video.height,
    hasAudio: !!info.streams?.some((s) => s.codec_type === 'audio'),
    durationMs: Math.round((Number.isFinite(seconds) ? seconds : 0) * 1000),
  };
}

/**
 * The ffmpeg arguments for the whole ladder in one process: every rendition as an HLS variant
 * (master `index.m3u8`), and the thumbnail JPEG as a second output of the same decode.
 */
export function ffmpegLadderArgs(opts: { input: string; outDir: string; source: SourceProbe }): string[] {
  const { input, outDir, source } = opts;
  const renditions = renditionsFor(source.height);
  const thumbAt = source.durationMs > THUMBNAIL.atSeconds * 1000 ? THUMBNAIL.atSeconds : 0;
  const graph = [
    `[0:v]split=${renditions.length + 1}${renditions.map((_, i) => `[s${i}]`).join('')}[st]`,
    ...renditions.map((r, i) => `[s${i}]scale=-2:${r.height}[v${i}]`),
    `[st]${thumbAt ? `trim=start=${thumbAt},setpts=PTS-STARTPTS,` : ''}scale=-2:${thumbnailHeight(source.height)}[thumb]`,
  ].join(';');
  return [
    ...['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', '-i', input, '-filter_complex', graph],
    ...renditions.flatMap((_, i) => ['-map', `[v${i}]`, ...(source.hasAudio ? ['-map', '0:a:0'] : [])]),
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-profile:v', 'main', '-pix_fmt', 'yuv420p', '-crf', '23'],
    // Keyframes on the GOP cadence only (no scene-cut ones), so 6 s segments cut cleanly, as MediaConvert's do.
    ...['-sc_threshold', '0', '-force_key_frames', `expr:gte(t,n_forced*${GOP_SECONDS})`],
    ...renditions.flatMap((r, i) => [`-maxrate:v:${i}`, String(r.videoBitrate), `-bufsize:v:${i}`, String(2 * r.videoBitrate)]),
    ...(source.hasAudio
      ? ['-c:a', 'aac', '-b:a', String(AUDIO.bitrate), '-ar', String(AUDIO.sampleRate), '-ac', String(AUDIO.channels)]
      : []),
    ...['-f', 'hls', '-hls_time', String(SEGMENT_SECONDS), '-hls_playlist_type', 'vod', '-hls_flags', 'independent_segments'],
    ...['-start_number', '1', '-hls_segment_filename', join(outDir, `${OUTPUT_BASENAME}_%v_%05d.ts`)],
    ...['-master_pl_name', `${OUTPUT_BASENAME}.m3u8`],
    '-var_stream_map',
    renditions.map((r, i) => `v:${i}${source.hasAudio ? `,a:${i}` : ''},name:${r.name}`).join(' '),
    join(outDir, `${OUTPUT_BASENAME}_%v.m3u8`),
    ...['-map', '[thumb]', '-frames:v', '1', '-q:v', '3', join(outDir, `${THUMBNAIL_BASENAME}.jpg`)],
  ];
}

/** Runs ffmpeg; an abort kills it (SIGKILL if it ignores SIGTERM) and waits for it to exit. */
export function runFfmpeg(args: string[], signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.reject(new Error('Transcoding was stopped'));
  return new Promise((resolve, reject) => {
    const child = spawn('ffmpeg', args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-2000);
    });
    let killTimer: NodeJS.Timeout | undefined;
    const kill = () => {
      child.kill('SIGTERM');
      killTimer = setTimeout(() => child.kill('SIGKILL'), 3000);
    };
    signal.addEventListener('abort', kill, { once: true });
    child.once('error', (e: NodeJS.ErrnoException) => reject(e.code === 'ENOENT' ? new Error(FFMPEG_MISSING) : e));
    child.once('close', (code, sig) => {
      signal.removeEventListener('abort', kill);
      clearTimeout(killTimer);
      if (code === 0) resolve();
      else if (signal.aborted) reject(new Error('Transcoding was stopped'));
      else reject(new Error(`ffmpeg failed (${code ?? sig}): ${stderr.trim().split('\n').slice(-3).join(' ')}`));
    });
  });
}

/** Variant playlist -> resolution, from the master playlist ffmpeg wrote. */
function variantSizes(master: string): Map<string, { width: number; height: number }> {
  const sizes = new Map<string, { width: number; height: number }>();
  const lines = master.split('\n').map((l) => l.trim());
  lines.forEach((line, i) => {
    const res = /^#EXT-X-STREAM-INF:.*RESOLUTION=(\d+)x(\d+)/.exec(line);
    if (res && lines[i + 1]) sizes.set(lines[i + 1], { width: Number(res[1]), height: Number(res[2]) });
  });
  return sizes;
}

const contentTypes: Record<string, string> = {
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.ts': 'video/mp2t',
  '.jpg': 'image/jpeg',
};

/**
 * A streamed upload the SDK cannot retry itself: s3rver under load sometimes drops the connection (socket hang up),
 * which must not fail a whole transcode. Each try opens the file afresh; anything else fails at once.
 */
export async function retryDropped(upload: () => Promise<void>, tries = 3): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await upload();
    } catch (e) {
      const dropped = (e as { code?: string }).code === 'ECONNRESET' || (e as Error).message === 'socket hang up';
      if (!dropped || attempt >= tries) throw e;
      logger.warn('Upload dropped, trying again', { attempt, error: e as Error });
    }
  }
}

async function uploadOutputs(job: TranscodeJob, outDir: string): Promise<void> {
  const files = await readdir(outDir);
  const next = () => files.shift();
  // A few uploads at a time: s3rver is in-process, more would only queue up.
  await Promise.all(
    Array.from({ length: 6 }, async () => {
      for (let file = next(); file; file = next()) {
        const upload = () =>
          uploadFile({
            bucket: job.output.bucket,
            key: `${job.output.prefix}/${file}`,
            path: join(outDir, file),
            contentType: contentTypes[extname(file)],
          });
        await retryDropped(upload);
      }
    }),
  );
}

/** Downloads, transcodes and uploads one job; answers the COMPLETE detail MediaConvert would send. */
async function transcode(job: TranscodeJob, dir: string, signal: AbortSignal): Promise<Partial<MediaJobStateDetail>> {
  const input = join(dir, 'source');
  const outDir = join(dir, 'out');
  await mkdir(outDir);
  await downloadToFile(job.input.bucket, job.input.key, input, { signal });
  const source = await probeSource(input, signal);
  await runFfmpeg(ffmpegLadderArgs({ input, outDir, source }), signal);
  const sizes = variantSizes(await readFile(join(outDir, `${OUTPUT_BASENAME}.m3u8`), 'utf8'));
  await uploadOutputs(job, outDir);

  const uri = (file: string) => s3Uri(job.output.bucket, `${job.output.prefix}/${file}`);
  const renditions = renditionsFor(source.height);
  return {
    status: 'COMPLETE',
    outputGroupDetails: [
      {
        type: 'HLS_GROUP',
        playlistFilePaths: [uri(`${OUTPUT_BASENAME}.m3u8`)],
        outputDetails: renditions.map((r) => {
          const playlist = `${OUTPUT_BASENAME}_${r.name}.m3u8`;
          const size = sizes.get(playlist);
          return {
            outputFilePaths: [uri(playlist)],
            durationInMs: source.durationMs,
            videoDetails: { widthInPx: size?.width, heightInPx: size?.height ?? r.height },
          };
        }),
      },
      {
        type: 'FILE_GROUP',
        outputDetails: [
          {
            outputFilePaths: [uri(`${THUMBNAIL_BASENAME}.jpg`)],
            durationInMs: source.durationMs,
            videoDetails: { heightInPx: thumbnailHeight(source.height) },
          },
        ],
      },
    ],
  };
}

/** Reports the job's end exactly as MediaConvert's EventBridge rule would. */
async function report(claim: QueuedTranscode, detail: Partial<MediaJobStateDetail>, publish: (event: MediaJobStateEvent) => Promise<void>): Promise<void> {
  const config = platformConfig();
  const { job } = claim;
  const now = new Date();
  const event: MediaJobStateEvent = {
    version: '0',
    id: ulid(),
    'detail-type': 'MediaConvert Job State Change',
    source: 'aws.mediaconvert',
    account: LOCAL_ACCOUNT_ID,
    time: now.toISOString(),
    region: config.region,
    resources: [],
    detail: {
      status: 'ERROR',
      jobId: job.jobId,
      // MediaConvert names the job's queue (ARN); the platform's rule matches on it.
      ...(config.mediaConvert.queueArn ? { queue: config.mediaConvert.queueArn } : {}),
      userMetadata: { teamId: job.teamId, videoId: job.videoId, versionId: job.versionId, jobId: job.jobId },
      ...detail,
    },
  };
  await publish(event);
}

export interface FfmpegWorker {
  stop(): Promise<void>;
}

export function startFfmpegWorker(
  opts: {
    pollMs?: number;
    queue?: string;
    leaseMs?: number;
    /** Where the job's state change goes (EventBridge's rule, local/functions.ts); the handler from source by default. */
    publish?: (event: MediaJobStateEvent) => Promise<void>;
  } = {},
): FfmpegWorker {
  const publish = opts.publish ?? mediaJobState;
  const pollMs = opts.pollMs ?? 1000;
  const queue = opts.queue ?? DEFAULT_TRANSCODE_QUEUE;
  const leaseMs = opts.leaseMs ?? 60_000;
  const stopping = new AbortController();
  const sleep = (ms: number, signal: AbortSignal) => delay(ms, undefined, { signal }).catch(() => undefined);

  async function work(claimed: QueuedTranscode): Promise<void> {
    const { job } = claimed;
    if (job.attempts > MAX_ATTEMPTS) {
      await report(claimed, { status: 'ERROR', errorMessage: `Gave up after ${MAX_ATTEMPTS} attempts` }, publish);
      return;
    }
    const dir = await mkdtemp(join(tmpdir(), 'transcode-'));
    const jobAbort = new AbortController();
    const stop = () => jobAbort.abort('stopped');
    stopping.signal.addEventListener('abort', stop, { once: true });
    if (stopping.signal.aborted) stop();
    const finished = new AbortController();
    let claim = claimed;
    // Keeps the lease while ffmpeg runs; a lost lease means another worker took the job, so this one quits.
    const heartbeat = (async () => {
      while (!finished.signal.aborted) {
        await sleep(leaseMs / 3, finished.signal);
        if (finished.signal.aborted) return;
        try {
          const renewed = await renewTranscodeLease(claim, leaseMs);
          if (!renewed) return jobAbort.abort('lost');
          claim = renewed;
        } catch (e) {
          logger.warn('Could not renew a transcode lease', { jobId: job.jobId, error: e as Error });
        }
      }
    })();
    const started = Date.now();
    // Stopped midway: back to the front of the queue so the next start takes it at once. Lost: another worker has it.
    let outcome: { report: Partial<MediaJobStateDetail> } | 'release' | 'lost';
    try {
      outcome = { report: await transcode(job, dir, jobAbort.signal) };
      logger.info('Transcoded', { jobId: job.jobId, ms: Date.now() - started });
    } catch (e) {
      const reason: unknown = jobAbort.signal.reason;
      outcome = reason === 'stopped' ? 'release' : reason === 'lost' ? 'lost' : { report: { status: 'ERROR', errorMessage: (e as Error).message } };
      if (typeof outcome === 'object') logger.error('Transcode failed', { jobId: job.jobId, error: e as Error });
    } finally {
      finished.abort();
      await heartbeat;
      stopping.signal.removeEventListener('abort', stop);
      await rm(dir, { recursive: true, force: true });
    }
    if (outcome === 'release') await releaseTranscodeJob(claim);
    else if (outcome !== 'lost') await report(claim, outcome.report, publish);
  }

  const loop = (async () => {
    while (!stopping.signal.aborted) {
      let busy = false;
      try {
        const seen = await nextTranscodeJob(queue);
        if (seen) {
          busy = true;
          const claimed = await claimTranscodeJob(seen, leaseMs);
          if (claimed) await work(claimed);
        }
      } catch (e) {
        logger.error('Transcode worker poll failed', { queue, error: e as Error });
        busy = false;
      }
      if (!busy) await sleep(pollMs, stopping.signal);
    }
  })();

  return {
    async stop() {
      stopping.abort();
      await loop;
    },
  };
}
