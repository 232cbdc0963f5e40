import { ulid } from 'ulid';
import type { TranscodeJob } from '../../media/transcode-job';
import { assertId } from '../keys';
import { bucketName, headObject, type Bucket } from '../storage';

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
