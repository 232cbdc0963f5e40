import { newTranscodeJob, type TranscodeJobStore, type TranscodeRequest } from './job';

/** The queue `npm start`'s ffmpeg worker serves. */
export const DEFAULT_TRANSCODE_QUEUE = 'default';

/** Locally a job is an item on the queue index; local/ffmpeg-worker.ts picks it up. */
export async function submitLocalTranscode(
  req: TranscodeRequest,
  store: TranscodeJobStore,
  queue = DEFAULT_TRANSCODE_QUEUE,
): Promise<{ jobId: string }> {
  const job = await newTranscodeJob(req);
  await store.create(job, queue);
  return { jobId: job.jobId };
}
