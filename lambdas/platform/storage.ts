import { createReadStream, createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  paginateListObjectsV2,
} from '@aws-sdk/client-s3';
import { clientOptions, platformConfig, type PlatformConfig } from './config';

/**
 * The storage port. s3rver speaks S3's API, so the local adapter is the same client pointed at the
 * stand-in. Callers name a bucket by its role ('uploads' | 'media'); config.ts maps it to the real name.
 */
export type Bucket = keyof PlatformConfig['buckets'];

export interface StoredObject {
  key: string;
  size: number;
  lastModified?: Date;
}

export type ObjectBody = string | Uint8Array | Readable;

let client: S3Client | undefined;
function s3(): S3Client {
  client ??=
    platformConfig().mode === 'local'
      ? new S3Client({
          ...clientOptions('s3'),
          forcePathStyle: true,
          // s3rver stores the aws-chunked framing of checksummed streaming uploads as the object's bytes.
          requestChecksumCalculation: 'WHEN_REQUIRED',
          responseChecksumValidation: 'WHEN_REQUIRED',
        })
      : new S3Client(clientOptions('s3'));
  return client;
}

/** The real bucket name behind a role. */
export function bucketName(bucket: Bucket): string {
  const name = platformConfig().buckets[bucket];
  if (!name) throw new Error(`No bucket configured for ${bucket}`);
  return name;
}

const isNotFound = (e: unknown) =>
  e instanceof Error && (e.name === 'NotFound' || e.name === 'NoSuchKey' || e.name === 'NoSuchBucket');

export async function putObject(opts: {
  bucket: Bucket;
  key: string;
  body: ObjectBody;
  contentType?: string;
  /** Required by S3 for a stream body. */
  contentLength?: number;
  cacheControl?: string;
}): Promise<void> {
  await s3().send(
    new PutObjectCommand({
      Bucket: bucketName(opts.bucket),
      Key: opts.key,
      Body: opts.body,
      ContentType: opts.contentType,
      ContentLength: opts.contentLength,
      CacheControl: opts.cacheControl,
    }),
  );
}

/** The object as a stream, or undefined when it does not exist. */
export async function getObjectStream(
  bucket: Bucket,
  key: string,
): Promise<{ body: Readable; contentType?: string; size?: number } | undefined> {
  try {
    const out = await s3().send(new GetObjectCommand({ Bucket: bucketName(bucket), Key: key }));
    return { body: out.Body as Readable, contentType: out.ContentType, size: out.ContentLength };
  } catch (e) {
    if (isNotFound(e)) return undefined;
    throw e;
  }
}

/** The object's bytes, or undefined when it does not exist. For small objects (playlists, JSON). */
export async function getObjectBytes(bucket: Bucket, key: string): Promise<Uint8Array | undefined> {
  try {
    const out = await s3().send(new GetObjectCommand({ Bucket: bucketName(bucket), Key: key }));
    return await out.Body!.transformToByteArray();
  } catch (e) {
    if (isNotFound(e)) return undefined;
    throw e;
  }
}

/** Size and type of an object, or undefined when it does not exist. */
export async function headObject(bucket: Bucket, key: string): Promise<{ size: number; contentType?: string } | undefined> {
  try {
    const out = await s3().send(new HeadObjectCommand({ Bucket: bucketName(bucket), Key: key }));
    return { size: out.ContentLength ?? 0, contentType: out.ContentType };
  } catch (e) {
    if (isNotFound(e)) return undefined;
    throw e;
  }
}

/** Throws unless the bucket exists and is reachable (the health check). */
export async function headBucket(bucket: Bucket): Promise<void> {
  await s3().send(new HeadBucketCommand({ Bucket: bucketName(bucket) }));
}

export async function deleteObject(bucket: Bucket, key: string): Promise<void> {
  await s3().send(new DeleteObjectCommand({ Bucket: bucketName(bucket), Key: key }));
}

/** Deletes many objects, 1000 per request (S3's limit). Throws if any could not be deleted. */
export async function deleteObjects(bucket: Bucket, keys: string[]): Promise<void> {
  for (let i = 0; i < keys.length; i += 1000) {
    const out = await s3().send(
      new DeleteObjectsCommand({
        Bucket: bucketName(bucket),
        Delete: { Objects: keys.slice(i, i + 1000).map((Key) => ({ Key })), Quiet: true },
      }),
    );
    if (out.Errors?.length) {
      throw new Error(`Could not delete ${out.Errors.length} objects, first ${out.Errors[0].Key}: ${out.Errors[0].Message}`);
    }
  }
}

/** Every object under a prefix, in key order. */
export async function listObjects(bucket: Bucket, prefix: string): Promise<StoredObject[]> {
  const objects: StoredObject[] = [];
  for await (const page of paginateListObjectsV2({ client: s3() }, { Bucket: bucketName(bucket), Prefix: prefix })) {
    for (const o of page.Contents ?? []) objects.push({ key: o.Key!, size: o.Size ?? 0, lastModified: o.LastModified });
  }
  return objects;
}

/** Streams an object to a local file; throws when the object does not exist. */
export async function downloadToFile(bucket: Bucket, key: string, path: string, opts: { signal?: AbortSignal } = {}): Promise<void> {
  const object = await getObjectStream(bucket, key);
  if (!object) throw new Error(`Object not found: ${bucket}/${key}`);
  await pipeline(object.body, createWriteStream(path), { signal: opts.signal });
}

/** Streams a local file to an object. */
export async function uploadFile(opts: {
  bucket: Bucket;
  key: string;
  path: string;
  contentType?: string;
  cacheControl?: string;
}): Promise<void> {
  const { size } = await stat(opts.path);
  await putObject({
    bucket: opts.bucket,
    key: opts.key,
    body: createReadStream(opts.path),
    contentLength: size,
    contentType: opts.contentType,
    cacheControl: opts.cacheControl,
  });
}
