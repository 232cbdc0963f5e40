import { describe, expect, it } from 'vitest';
import { videoFileTypes } from '../../../shared/api/calls/uploads';
import {
  isAcceptedVideo,
  PARALLEL_PARTS,
  PART_RETRIES,
  SIGN_BATCH,
  uploadVideo,
  UploadCancelledError,
  type PutPart,
  type UploadCalls,
} from '../../../web/src/features/videos/upload-video';

const target = { videoId: 'V1', versionNumber: 1 };

/** A fake server recording what the uploader asked for. */
function fakeCalls(partSize: number, partCount: number) {
  const log = { signed: [] as number[][], completed: undefined as { partNumber: number; etag: string }[] | undefined, aborted: 0 };
  const calls: UploadCalls = {
    start: async (input) => {
      expect(input).toMatchObject({ ...target, fileName: 'clip.mp4', contentType: 'video/mp4' });
      return { uploadId: 'up-1', partSize, partCount };
    },
    signParts: async ({ partNumbers, uploadId }) => {
      expect(uploadId).toBe('up-1');
      log.signed.push(partNumbers);
      return { parts: partNumbers.map((n) => ({ partNumber: n, url: `https://s3.test/part/${n}` })), expiresAt: '2030-01-01T00:00:00Z' };
    },
    complete: async ({ parts }) => {
      log.completed = parts;
      return { state: 'encoding' };
    },
    abort: async () => {
      log.aborted += 1;
      return {};
    },
  };
  return { calls, log };
}

const file = (bytes: number) => new File([new Uint8Array(bytes)], 'clip.mp4', { type: 'video/mp4' });

describe('uploadVideo', () => {
  it('signs parts in batches, sends each part once with its own bytes, and completes with the ETags in order', async () => {
    const partCount = SIGN_BATCH + 5;
    const { calls, log } = fakeCalls(10, partCount);
    let running = 0;
    let mostAtOnce = 0;
    const sizes = new Map<number, number>();
    const putPart: PutPart = async (url, body) => {
      running += 1;
      mostAtOnce = Math.max(mostAtOnce, running);
      await new Promise((r) => setTimeout(r, 2));
      running -= 1;
      const n = Number(url.split('/').pop());
      sizes.set(n, body.size);
      return `"etag-${n}"`;
    };
    const progress: number[] = [];
    await uploadVideo(file(10 * partCount - 3), target, {
      calls,
      putPart,
      signal: new AbortController().signal,
      onProgress: (sent) => progress.push(sent),
    });

    expect(log.signed.map((b) => b.length)).toEqual([SIGN_BATCH, 5]);
    expect(mostAtOnce).toBe(PARALLEL_PARTS);
    expect(sizes.get(1)).toBe(10);
    expect(sizes.get(partCount)).toBe(7);
    expect(log.completed?.map((p) => p.partNumber)).toEqual(Array.from({ length: partCount }, (_, i) => i + 1));
    expect(log.completed?.[2]).toEqual({ partNumber: 3, etag: '"etag-3"' });
    expect(progress.at(-1)).toBe(10 * partCount - 3);
    expect(log.aborted).toBe(0);
  });

  it('retries a failed part and succeeds', async () => {
    const { calls, log } = fakeCalls(4, 2);
    let failures = 0;
    const putPart: PutPart = async (url) => {
      if (url.endsWith('/2') && failures < 2) {
        failures += 1;
        throw new Error('network');
      }
      return 'etag';
    };
    await uploadVideo(file(8), target, { calls, putPart, signal: new AbortController().signal });
    expect(failures).toBe(2);
    expect(log.completed).toHaveLength(2);
  });

  it(`gives up after ${PART_RETRIES} retries of one part, aborts the upload and does not complete`, { timeout: 15_000 }, async () => {
    const { calls, log } = fakeCalls(4, 1);
    let tries = 0;
    const putPart: PutPart = async () => {
      tries += 1;
      throw new Error('network');
    };
    await expect(uploadVideo(file(4), target, { calls, putPart, signal: new AbortController().signal })).rejects.toThrow('network');
    expect(tries).toBe(PART_RETRIES + 1);
    expect(log.aborted).toBe(1);
    expect(log.completed).toBeUndefined();
  });

  it('cancelling aborts the multipart upload and reports a cancellation', async () => {
    const { calls, log } = fakeCalls(4, 3);
    const controller = new AbortController();
    const putPart: PutPart = async (_url, _body, signal) => {
      controller.abort();
      if (signal.aborted) throw new Error('aborted');
      return 'etag';
    };
    await expect(uploadVideo(file(12), target, { calls, putPart, signal: controller.signal })).rejects.toBeInstanceOf(UploadCancelledError);
    expect(log.aborted).toBe(1);
    expect(log.completed).toBeUndefined();
  });
});

describe('isAcceptedVideo', () => {
  it('accepts a video type whose extension agrees, and nothing else', () => {
    expect(isAcceptedVideo({ name: 'a.MP4', type: 'video/mp4' }, videoFileTypes)).toBe(true);
    expect(isAcceptedVideo({ name: 'a.mov', type: 'video/quicktime' }, videoFileTypes)).toBe(true);
    expect(isAcceptedVideo({ name: 'a.mov', type: 'video/mp4' }, videoFileTypes)).toBe(false);
    expect(isAcceptedVideo({ name: 'a.png', type: 'image/png' }, videoFileTypes)).toBe(false);
    expect(isAcceptedVideo({ name: 'noext', type: 'video/mp4' }, videoFileTypes)).toBe(false);
  });
});
