import { ulid } from 'ulid';
import { assertId } from '../keys';
import { bucketName, headObject, type Bucket } from '../storage';

export type TranscodeStatus = 'queued' | 'processing' | 'complete' | 'error';

export interface TranscodeOutputs {
  /** Object keys in the output bucket. */
  masterPlaylist: string;
  renditions: { name: string; height: number; width?: number; playlist: string }[];
  thumbnail?: string;
}

export interface TranscodeJob {
  teamId: string;
  videoId: string;
  versionId: string;
  jobId: string;
  input: { bucket: Bucket; key: string };
  output: { bucket: Bucket; prefix: string };
  sourceSize: number;
  status: TranscodeStatus;
  /** Times a worker took the job; a job that keeps killing workers is given up. */
  attempts: number;
  createdAt: string;
  startedAt?: string;
  finishedAt?: string;
  /** MediaConvert's id for the job (AWS only). */
  providerJobId?: string;
  durationMs?: number;
  outputs?: TranscodeOutputs;
  error?: string;
}

export type TranscodeResult =
  | { status: 'complete'; durationMs: number; outputs: TranscodeOutputs; finishedAt: string }
  | { status: 'error'; error: string; finishedAt: string };

/**
 * Where the adapters keep jobs: the media domain's job entity (lambdas/media/transcode-job.ts) passes itself in,
 * so this port depends on no domain.
 */
export interface TranscodeJobStore {
  create(job: TranscodeJob, queue?: string): Promise<void>;
  submitted(job: TranscodeJob, providerJobId: string): Promise<void>;
  result(job: Pick<TranscodeJob, 'teamId' | 'videoId' | 'jobId'>, result: TranscodeResult): Promise<boolean>;
}

export interface TranscodeRequest {
  teamId: string;
  videoId: string;
  versionId: string;
  input: { bucket: Bucket; key: string };
  /** Outputs go to `<prefix>/index.m3u8`, `<prefix>/index_720p.m3u8`, … */
  output: { bucket: Bucket; prefix: string };
}

/** What both adapters need to know about the source before choosing the ladder. */
export interface SourceInfo {
  height: number;
  hasAudio: boolean;
}

export const s3Uri = (bucket: Bucket, key: string) => `s3://${bucketName(bucket)}/${key}`;

/** The object key of an `s3://bucket/key` URI, as MediaConvert reports outputs. */
export function keyOfS3Uri(uri: string): string {
  const match = /^s3:\/\/[^/]+\/(.+)$/.exec(uri);
  if (!match) throw new Error(`Not an S3 URI: ${uri}`);
  return match[1];
}

/** The job both adapters store: ids checked, source size read, nothing started yet. */
export async function newTranscodeJob(req: TranscodeRequest, now = new Date()): Promise<TranscodeJob> {
  const prefix = req.output.prefix.replace(/^\/+|\/+$/g, '');
  if (!prefix || prefix.split('/').some((p) => p === '..' || p === '.')) throw new Error('Invalid output prefix');
  const source = await headObject(req.input.bucket, req.input.key);
  if (!source) throw new Error(`Upload not found: ${req.input.key}`);
  return {
    teamId: assertId(req.teamId, 'teamId'),
    videoId: assertId(req.videoId, 'videoId'),
    versionId: assertId(req.versionId, 'versionId'),
    jobId: ulid(),
    input: req.input,
    output: { bucket: req.output.bucket, prefix },
    sourceSize: source.size,
    status: 'queued',
    attempts: 0,
    createdAt: now.toISOString(),
  };
}
