import { createReadStream, createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { S3Client } from '@aws-sdk/client-s3';
import { clientOptions, platformConfig, type PlatformConfig } from './config';
import { recordAwsCalls } from './aws-calls';
import { injectFaults } from './faults';

/** The SDK client is loaded on first use: a function that never calls this port never loads it (its own bundle chunk). */
const sdk = () => import('@aws-sdk/client-s3');

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

let client: Promise<S3Client> | undefined;
async function s3(): Promise<S3Client> {
  const { S3Client } = await sdk();
  client ??= Promise.resolve(injectFaults(recordAwsCalls(
    platformConfig().mode === 'local'
      ? new S3Client({
          ...clientOptions('s3'),
          forcePathStyle: true,
          // s3rver stores the aws-chunked framing of checksummed streaming uploads as the object's bytes.
          requestChecksumCalculation: 'WHEN_REQUIRED',
          responseChecksumValidation: 'WHEN_REQUIRED',
        })
      : new S3Client(clientOptions('s3')),
  )));
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
  await (await s3()).send(
    new (await sdk()).PutObjectCommand({
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
    const out = await (await s3()).send(new (await sdk()).GetObjectCommand({ Bucket: bucketName(bucket), Key: key }));
    return { body: out.Body as Readable, contentType: out.ContentType, size: out.ContentLength };
  } catch (e) {
    if (isNotFound(e)) return undefined;
    throw e;
  }
}

/** The object's bytes, or undefined when it does not exist. For small objects (playlists, JSON). */
export async function getObjectBytes(bucket: Bucket, key: string): Promise<Uint8Array | undefined> {
  try {
    const out = await (await s3()).send(new (await sdk()).GetObjectCommand({ Bucket: bucketName(bucket), Key: key }));
    return await out.Body!.transformToByteArray();
  } catch (e) {
    if (isNotFound(e)) return undefined;
    throw e;
  }
}

/** Size and type of an object, or undefined when it does not exist. */
export async function headObject(bucket: Bucket, key: string): Promise<{ size: number; contentType?: string } | undefined> {
  try {
    const out = await (await s3()).send(new (await sdk()).HeadObjectCommand({ Bucket: bucketName(bucket), Key: key }));
    return { size: out.ContentLength ?? 0, contentType: out.ContentType };
  } catch (e) {
    if (isNotFound(e)) return undefined;
    throw e;
  }
}

/** Throws unless the bucket exists and is reachable (the health check). */
export async function headBucket(bucket: Bucket): Promise<void> {
  await (await s3()).send(new (await sdk()).HeadBucketCommand({ Bucket: bucketName(bucket) }));
}

export async function deleteObject(bucket: Bucket, key: string): Promise<void> {
  await (await s3()).send(new (await sdk()).DeleteObjectCommand({ Bucket: bucketName(bucket), Key: key }));
}

/** Deletes many objects, 1000 per request (S3's limit). Throws if any could not be deleted. */
export async function deleteObjects(bucket: Bucket, keys: string[]): Promise<void> {
  for (let i = 0; i < keys.length; i += 1000) {
    const out = await (await s3()).send(
      new (await sdk()).DeleteObjectsCommand({
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
  for await (const page of (await sdk()).paginateListObjectsV2({ client: await s3() }, { Bucket: bucketName(bucket), Prefix: prefix })) {
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

// ---- Direct browser uploads (presigned URLs) ----

let presignClient: S3Client | undefined;
/** The URL presigner, loaded with the client on first use. */
const presignerSdk = () => import('@aws-sdk/s3-request-presigner');
/**
 * The client that signs URLs for the browser. Locally the browser reaches s3rver through the gateway's
 * same-origin `/s3` proxy (no CORS, no second port), so URLs are signed against `<appOrigin>/s3`.
 * Checksums only when required: a presigned URL must not demand a checksum header the browser never sends.
 */
async function presigner(): Promise<S3Client> {
  if (presignClient) return presignClient;
  const { S3Client } = await sdk();
  const config = platformConfig();
  presignClient = recordAwsCalls(
    config.mode === 'local'
      ? new S3Client({
          ...clientOptions('s3'),
          endpoint: `${config.appOrigin}/s3`,
          forcePathStyle: true,
          requestChecksumCalculation: 'WHEN_REQUIRED',
          responseChecksumValidation: 'WHEN_REQUIRED',
        })
      : new S3Client({ ...clientOptions('s3'), requestChecksumCalculation: 'WHEN_REQUIRED' }),
  );
  return presignClient;
}

/** Opens a multipart upload; answers its upload id. */
export async function createMultipartUpload(opts: { bucket: Bucket; key: string; contentType: string }): Promise<string> {
  const out = await (await s3()).send(
    new (await sdk()).CreateMultipartUploadCommand({ Bucket: bucketName(opts.bucket), Key: opts.key, ContentType: opts.contentType }),
  );
  if (!out.UploadId) throw new Error('No upload id');
  return out.UploadId;
}

/** A URL the browser PUTs one part's bytes to; the answer's ETag header names the part for completion. */
export async function presignUploadPart(opts: {
  bucket: Bucket;
  key: string;
  uploadId: string;
  partNumber: number;
  expiresInSeconds: number;
}): Promise<string> {
  return (await presignerSdk()).getSignedUrl(
    await presigner(),
    new (await sdk()).UploadPartCommand({ Bucket: bucketName(opts.bucket), Key: opts.key, UploadId: opts.uploadId, PartNumber: opts.partNumber }),
    { expiresIn: opts.expiresInSeconds },
  );
}

export async function completeMultipartUpload(opts: {
  bucket: Bucket;
  key: string;
  uploadId: string;
  parts: { partNumber: number; etag: string }[];
}): Promise<void> {
  await (await s3()).send(
    new (await sdk()).CompleteMultipartUploadCommand({
      Bucket: bucketName(opts.bucket),
      Key: opts.key,
      UploadId: opts.uploadId,
      MultipartUpload: {
        Parts: [...opts.parts].sort((a, b) => a.partNumber - b.partNumber).map((p) => ({ PartNumber: p.partNumber, ETag: p.etag })),
      },
    }),
  );
}

/**
 * Discards a multipart upload's parts. s3rver has no AbortMultipartUpload (it answers MethodNotAllowed):
 * locally the parts stay in its private uploads folder, never listed as objects; in AWS the uploads
 * bucket's lifecycle rule also aborts forgotten uploads after 7 days.
 */
export async function abortMultipartUpload(opts: { bucket: Bucket; key: string; uploadId: string }): Promise<void> {
  try {
    await (await s3()).send(new (await sdk()).AbortMultipartUploadCommand({ Bucket: bucketName(opts.bucket), Key: opts.key, UploadId: opts.uploadId }));
  } catch (e) {
    if (e instanceof Error && e.name === 'NoSuchUpload') return;
    if (platformConfig().mode === 'local' && e instanceof Error && e.name === 'MethodNotAllowed') return;
    throw e;
  }
}

/** A URL the browser PUTs one small file to, with exactly this type and length (both are signed). */
export async function presignPut(opts: {
  bucket: Bucket;
  key: string;
  contentType: string;
  contentLength: number;
  expiresInSeconds: number;
}): Promise<string> {
  return (await presignerSdk()).getSignedUrl(
    await presigner(),
    new (await sdk()).PutObjectCommand({
      Bucket: bucketName(opts.bucket),
      Key: opts.key,
      ContentType: opts.contentType,
      ContentLength: opts.contentLength,
    }),
    { expiresIn: opts.expiresInSeconds, signableHeaders: new Set(['content-type', 'content-length']) },
  );
}

/** The first `bytes` bytes of an object (e.g. a file header), or undefined when it does not exist. */
export async function getObjectHead(bucket: Bucket, key: string, bytes: number): Promise<Uint8Array | undefined> {
  return getObjectRange(bucket, key, 0, bytes);
}

/**
 * Bytes `begin` (inclusive) to `end` (exclusive) of an object, fewer where it ends sooner, or undefined when it
 * does not exist: for reading a large file's parts without holding it whole (a PDF's page tree).
 */
export async function getObjectRange(bucket: Bucket, key: string, begin: number, end: number): Promise<Uint8Array | undefined> {
  try {
    const out = await (await s3()).send(
      new (await sdk()).GetObjectCommand({ Bucket: bucketName(bucket), Key: key, Range: `bytes=${begin}-${end - 1}` }),
    );
    return await out.Body!.transformToByteArray();
  } catch (e) {
    if (isNotFound(e)) return undefined;
    throw e;
  }
}
