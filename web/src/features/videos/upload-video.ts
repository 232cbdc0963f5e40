import type { CallInput, CallOutput } from '../../../../shared/api/define';
import type {
  abortVideoUploadCall,
  completeVideoUploadCall,
  signVideoPartsCall,
  startVideoUploadCall,
} from '../../../../shared/api/calls/uploads';

/** Parts uploaded at the same time (enough to fill a connection without starving the page). */
export const PARALLEL_PARTS = 3;
/** Retries of a failed part before the upload is given up. */
export const PART_RETRIES = 3;
/** Part URLs asked for per sign call (the call takes up to 100). */
export const SIGN_BATCH = 20;

export interface UploadCalls {
  start: (input: CallInput<typeof startVideoUploadCall>) => Promise<CallOutput<typeof startVideoUploadCall>>;
  signParts: (input: CallInput<typeof signVideoPartsCall>) => Promise<CallOutput<typeof signVideoPartsCall>>;
  complete: (input: CallInput<typeof completeVideoUploadCall>) => Promise<CallOutput<typeof completeVideoUploadCall>>;
  abort: (input: CallInput<typeof abortVideoUploadCall>) => Promise<CallOutput<typeof abortVideoUploadCall>>;
}

/** PUTs one part's bytes and answers its ETag. */
export type PutPart = (url: string, body: Blob, signal: AbortSignal) => Promise<string>;

export class UploadCancelledError extends Error {
  constructor() {
    super('upload cancelled');
  }
}

export interface UploadTarget {
  videoId: string;
  versionNumber: number;
}

export interface UploadOptions {
  calls: UploadCalls;
  putPart: PutPart;
  signal: AbortSignal;
  /** Bytes sent so far out of the file's size. */
  onProgress?: (sentBytes: number, totalBytes: number) => void;
}

/** The browser's PUT: the part's ETag comes from the answer's header (the bucket's CORS exposes it). */
export const fetchPutPart: PutPart = async (url, body, signal) => {
  const res = await fetch(url, { method: 'PUT', body, signal });
  const etag = res.headers.get('ETag');
  if (!res.ok || !etag) throw new Error(`part upload failed (${res.status})`);
  return etag;
};

/**
 * SPEC §4 video upload: start (quota checked, size reserved) -> sign part URLs in batches -> PUT the
 * parts, a few at a time, each retried -> complete (the server starts encoding). Cancelling or a part that
 * keeps failing aborts the multipart upload, so nothing is left behind.
 */
export async function uploadVideo(file: File, target: UploadTarget, { calls, putPart, signal, onProgress }: UploadOptions): Promise<void> {
  const { uploadId, partSize, partCount } = await calls.start({
    ...target,
    fileName: file.name,
    contentType: file.type,
    sizeBytes: file.size,
  });
  const ref = { ...target, uploadId };
  const etags = new Map<number, string>();
  let sent = 0;
  onProgress?.(0, file.size);
  try {
    for (let first = 1; first <= partCount; first += SIGN_BATCH) {
      const numbers = Array.from({ length: Math.min(SIGN_BATCH, partCount - first + 1) }, (_, i) => first + i);
      const { parts } = await calls.signParts({ ...ref, partNumbers: numbers });
      const queue = [...parts];
      const worker = async () => {
        for (let part = queue.shift(); part; part = queue.shift()) {
          const body = file.slice((part.partNumber - 1) * partSize, part.partNumber * partSize);
          etags.set(part.partNumber, await putWithRetry(putPart, part.url, body, signal));
          sent += body.size;
          onProgress?.(sent, file.size);
        }
      };
      await Promise.all(Array.from({ length: PARALLEL_PARTS }, worker));
    }
    if (signal.aborted) throw new UploadCancelledError();
    const parts = [...etags].sort(([a], [b]) => a - b).map(([partNumber, etag]) => ({ partNumber, etag }));
    await calls.complete({ ...ref, parts });
  } catch (error) {
    // Best effort: the server also releases the reservation when the version is uploaded again.
    await calls.abort(ref).catch(() => undefined);
    throw signal.aborted ? new UploadCancelledError() : error;
  }
}

async function putWithRetry(putPart: PutPart, url: string, body: Blob, signal: AbortSignal): Promise<string> {
  for (let attempt = 0; ; attempt += 1) {
    if (signal.aborted) throw new UploadCancelledError();
    try {
      return await putPart(url, body, signal);
    } catch (error) {
      if (signal.aborted || attempt >= PART_RETRIES) throw error;
      await new Promise((resolve) => setTimeout(resolve, 300 * 2 ** attempt));
    }
  }
}

/** Client-side check before anything is sent: a video MIME type whose extension agrees (`videoFileTypes`). */
export function isAcceptedVideo(file: Pick<File, 'name' | 'type'>, types: Readonly<Record<string, readonly string[]>>): boolean {
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  return types[file.type]?.includes(ext) ?? false;
}
