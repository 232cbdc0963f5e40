import { ConditionFailedError, getItem, putItem, query, updateItem, type Item } from '../platform/db';
import { globalKey, teamKey } from '../platform/keys';
import type { TranscodeJob, TranscodeJobStore, TranscodeResult } from '../platform/transcoder/job';

/**
 * The transcode job entity: one item per transcoding of a video version.
 *   pk    T#<teamId>#TRANSCODE#<videoId>   sk JOB#<jobId>        (a video's jobs, newest first)
 *   gsi1  TRANSCODE#<queue>                Q#<jobId>             (local worker: queued, oldest first)
 *                                          L#<leaseUntil>#<jobId> (local worker: running, lease expiry)
 * Only jobs of the local worker are on gsi1, and only until they finish. The index holds ids and
 * object keys, never team content.
 */
/** A job as the local worker sees it on the queue index: `slot` is its current gsi1 sort key. */
export interface QueuedTranscode {
  job: TranscodeJob;
  queue: string;
  slot: string;
}

type TranscodeJobItem = Item & TranscodeJob & { gsi1pk?: string; gsi1sk?: string };

const jobKey = (teamId: string, videoId: string, jobId: string) => ({
  pk: teamKey(teamId, 'TRANSCODE', videoId),
  sk: `JOB#${jobId}`,
});
const queueKey = (queue: string) => globalKey('TRANSCODE', queue);
const queuedSlot = (jobId: string) => `Q#${jobId}`;
const leasedSlot = (jobId: string, leaseUntil: Date) => `L#${leaseUntil.toISOString()}#${jobId}`;

const toJob = ({ pk: _pk, sk: _sk, type: _type, gsi1pk: _g1, gsi1sk: _g1s, ...job }: TranscodeJobItem): TranscodeJob =>
  job as TranscodeJob;

/** Stores a new job; with a queue, the local worker of that queue will pick it up. */
export async function createTranscodeJob(job: TranscodeJob, queue?: string): Promise<void> {
  await putItem(
    {
      ...jobKey(job.teamId, job.videoId, job.jobId),
      type: 'transcodeJob',
      ...job,
      ...(queue ? { gsi1pk: queueKey(queue), gsi1sk: queuedSlot(job.jobId) } : {}),
    },
    { ifNotExists: true },
  );
}

export async function getTranscodeJob(teamId: string, videoId: string, jobId: string): Promise<TranscodeJob | undefined> {
  const item = await getItem<TranscodeJobItem>(jobKey(teamId, videoId, jobId), true);
  return item && toJob(item);
}

/** A video's transcode jobs, newest first. */
export async function listTranscodeJobs(teamId: string, videoId: string, limit = 20): Promise<TranscodeJob[]> {
  const out = await query<TranscodeJobItem>({
    pk: teamKey(teamId, 'TRANSCODE', videoId),
    sk: { beginsWith: 'JOB#' },
    ascending: false,
    limit,
  });
  return out.items.map(toJob);
}

/** The oldest queued job, else one whose worker stopped renewing its lease (it died). */
export async function nextTranscodeJob(queue: string, now = new Date()): Promise<QueuedTranscode | undefined> {
  const pk = queueKey(queue);
  const queued = await query<TranscodeJobItem>({ index: 'gsi1', pk, sk: { beginsWith: 'Q#' }, limit: 1 });
  const item =
    queued.items[0] ??
    (await query<TranscodeJobItem>({ index: 'gsi1', pk, sk: { between: ['L#', `L#${now.toISOString()}`] }, limit: 1 })).items[0];
  return item && { job: toJob(item), queue, slot: item.gsi1sk! };
}

/** Moves the job's slot on the queue index, only if nobody moved it since we saw it. */
async function moveSlot(
  seen: QueuedTranscode,
  slot: string,
  update: { set?: Record<string, unknown>; add?: Record<string, number> },
): Promise<QueuedTranscode | undefined> {
  try {
    const item = await updateItem<TranscodeJobItem>({
      key: jobKey(seen.job.teamId, seen.job.videoId, seen.job.jobId),
      set: { ...update.set, gsi1sk: slot },
      add: update.add,
      condition: '#slot = :seen',
      names: { '#slot': 'gsi1sk' },
      values: { ':seen': seen.slot },
    });
    return { job: toJob(item), queue: seen.queue, slot };
  } catch (e) {
    if (e instanceof ConditionFailedError) return undefined;
    throw e;
  }
}

/** Takes the job for one worker: the conditional move means two workers never both get it. */
export function claimTranscodeJob(seen: QueuedTranscode, leaseMs: number, now = new Date()): Promise<QueuedTranscode | undefined> {
  return moveSlot(seen, leasedSlot(seen.job.jobId, new Date(now.getTime() + leaseMs)), {
    set: { status: 'processing', startedAt: now.toISOString() },
    add: { attempts: 1 },
  });
}

/** Extends a running job's lease; undefined when the worker lost it. */
export function renewTranscodeLease(claim: QueuedTranscode, leaseMs: number, now = new Date()): Promise<QueuedTranscode | undefined> {
  return moveSlot(claim, leasedSlot(claim.job.jobId, new Date(now.getTime() + leaseMs)), {});
}

/** Puts an unfinished job back at the front of the queue (the worker is stopping); the attempt does not count. */
export function releaseTranscodeJob(claim: QueuedTranscode): Promise<QueuedTranscode | undefined> {
  return moveSlot(claim, queuedSlot(claim.job.jobId), { set: { status: 'queued' }, add: { attempts: -1 } });
}

/** MediaConvert accepted the job (AWS). */
export async function recordSubmitted(job: TranscodeJob, providerJobId: string, now = new Date()): Promise<void> {
  try {
    await updateItem({
      key: jobKey(job.teamId, job.videoId, job.jobId),
      set: { status: 'processing', providerJobId, startedAt: now.toISOString() },
      condition: '#status = :queued',
      names: { '#status': 'status' },
      values: { ':queued': 'queued' },
    });
  } catch (e) {
    // The job already finished: its result stands.
    if (!(e instanceof ConditionFailedError)) throw e;
  }
}

/**
 * Records how the job ended. A finished job keeps its first result, so a replayed event changes
 * nothing. Returns false when the job was already finished (or is unknown).
 */
export async function recordTranscodeResult(
  ref: { teamId: string; videoId: string; jobId: string },
  result: TranscodeResult,
): Promise<boolean> {
  try {
    await updateItem({
      key: jobKey(ref.teamId, ref.videoId, ref.jobId),
      set: { ...result },
      remove: ['gsi1pk', 'gsi1sk'],
      condition: '#status IN (:queued, :processing)',
      names: { '#status': 'status' },
      values: { ':queued': 'queued', ':processing': 'processing' },
    });
    return true;
  } catch (e) {
    if (e instanceof ConditionFailedError) return false;
    throw e;
  }
}

/** The store the transcoder port writes jobs through (the port knows no table keys). */
export const transcodeJobStore: TranscodeJobStore = {
  create: createTranscodeJob,
  submitted: recordSubmitted,
  result: recordTranscodeResult,
};
