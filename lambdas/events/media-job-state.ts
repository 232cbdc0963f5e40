import { Logger } from '@aws-lambda-powertools/logger';
import * as z from 'zod/mini';
import { recordEncodeResult } from '../media/encode-result';
import { getTranscodeJob, recordTranscodeResult } from '../media/transcode-job';
import type { TranscodeOutputs, TranscodeResult } from '../platform/transcoder/job';
import { keyOfS3Uri } from '../platform/transcoder/job';
import type { EventBridgeEvent } from './event-bridge';

/**
 * A transcode job ended: MediaConvert's "Job State Change" events through an EventBridge rule in AWS,
 * the local ffmpeg worker calling this same handler with the same shape.
 */
const logger = new Logger({ serviceName: 'media-job-state' });

const outputDetail = z.object({
  outputFilePaths: z.optional(z.array(z.string())),
  durationInMs: z.optional(z.number()),
  videoDetails: z.optional(z.object({ widthInPx: z.optional(z.number()), heightInPx: z.optional(z.number()) })),
});

const mediaJobStateDetail = z.object({
  status: z.string(),
  jobId: z.string(),
  queue: z.optional(z.string()),
  userMetadata: z.optional(z.record(z.string(), z.string())),
  outputGroupDetails: z.optional(
    z.array(
      z.object({
        type: z.string(),
        playlistFilePaths: z.optional(z.array(z.string())),
        outputDetails: z._default(z.array(outputDetail), []),
      }),
    ),
  ),
  errorCode: z.optional(z.number()),
  errorMessage: z.optional(z.string()),
});
export type MediaJobStateDetail = z.infer<typeof mediaJobStateDetail>;
export type MediaJobStateEvent = EventBridgeEvent<'MediaConvert Job State Change', MediaJobStateDetail>;

/** The HLS master, its renditions (from the largest) and the thumbnail, as keys in the output bucket. */
function outputsOf(detail: MediaJobStateDetail): { outputs: TranscodeOutputs; durationMs: number } | undefined {
  const groups = detail.outputGroupDetails ?? [];
  const hls = groups.find((g) => g.type === 'HLS_GROUP');
  const master = hls?.playlistFilePaths?.[0];
  if (!hls || !master) return undefined;
  const renditions = hls.outputDetails
    .filter((o) => o.outputFilePaths?.length && o.videoDetails?.heightInPx)
    .map((o) => ({
      name: `${o.videoDetails!.heightInPx}p`,
      height: o.videoDetails!.heightInPx!,
      width: o.videoDetails!.widthInPx,
      playlist: keyOfS3Uri(o.outputFilePaths![0]),
    }))
    .sort((a, b) => b.height - a.height);
  // A frame capture output lists the last image it wrote.
  const thumbnail = groups.find((g) => g.type === 'FILE_GROUP')?.outputDetails[0]?.outputFilePaths?.at(-1);
  const durationMs = Math.max(0, ...hls.outputDetails.map((o) => o.durationInMs ?? 0));
  return {
    outputs: { masterPlaylist: keyOfS3Uri(master), renditions, ...(thumbnail ? { thumbnail: keyOfS3Uri(thumbnail) } : {}) },
    durationMs,
  };
}

export async function handler(event: MediaJobStateEvent): Promise<void> {
  const parsed = mediaJobStateDetail.safeParse(event.detail);
  if (!parsed.success) {
    logger.error('Unreadable MediaConvert event', { eventId: event.id, issues: parsed.error.issues });
    return;
  }
  const detail = parsed.data;
  const { teamId, videoId, jobId } = detail.userMetadata ?? {};
  if (!teamId || !videoId || !jobId) {
    // A job this platform did not submit (e.g. started from the console).
    logger.warn('MediaConvert job without our metadata', { providerJobId: detail.jobId });
    return;
  }
  const ref = { teamId, videoId, jobId };
  const finishedAt = event.time;
  let result: TranscodeResult;
  if (detail.status === 'COMPLETE') {
    const outputs = outputsOf(detail);
    result = outputs
      ? { status: 'complete', ...outputs, finishedAt }
      : { status: 'error', error: 'The job reported no HLS output', finishedAt };
  } else if (detail.status === 'ERROR') {
    const error = [detail.errorCode, detail.errorMessage].filter((p) => p !== undefined).join(': ') || 'Transcoding failed';
    result = { status: 'error', error, finishedAt };
  } else {
    return;
  }
  const changed = await recordTranscodeResult(ref, result);
  logger.info('Transcode job finished', { ...ref, status: detail.status, changed });
  // The video version follows the job's recorded (first) result. That move is conditional itself, so a
  // replayed event changes nothing, and a retry after a failure here still completes it.
  const job = await getTranscodeJob(teamId, videoId, jobId);
  if (!job || (job.status !== 'complete' && job.status !== 'error')) return;
  const moved = await recordEncodeResult(
    job,
    job.status === 'complete' && job.outputs
      ? {
          status: 'complete',
          durationMs: job.durationMs ?? 0,
          masterPlaylistKey: job.outputs.masterPlaylist,
          thumbnailKey: job.outputs.thumbnail,
          finishedAt: job.finishedAt ?? finishedAt,
        }
      : { status: 'error', error: job.error ?? 'Transcoding failed', finishedAt: job.finishedAt ?? finishedAt },
  );
  logger.info('Video version updated', { ...ref, versionId: job.versionId, moved });
}
