/**
 * The HLS ladder, shared by the MediaConvert job and the local ffmpeg worker so both produce the same
 * renditions, segments and names.
 */
export interface Rendition {
  name: string;
  height: number;
  /** Peak video bitrate, bits per second. */
  videoBitrate: number;
}

export const LADDER: readonly Rendition[] = [
  { name: '1080p', height: 1080, videoBitrate: 6_000_000 },
  { name: '720p', height: 720, videoBitrate: 3_500_000 },
  { name: '480p', height: 480, videoBitrate: 1_800_000 },
  { name: '360p', height: 360, videoBitrate: 1_000_000 },
];

export const SEGMENT_SECONDS = 6;
/** A keyframe every 2 s: segments can cut on any of them and players switch renditions quickly. */
export const GOP_SECONDS = 2;
export const AUDIO = { bitrate: 128_000, sampleRate: 48_000, channels: 2 } as const;
/** One frame image, taken 2 s in (the first frame is often black), at most 720 high (SPEC §9: 1280x720). */
export const THUMBNAIL = { atSeconds: 2, maxHeight: 720, quality: 80 } as const;

/**
 * Output names under the job's prefix: `index.m3u8` (master), `index_<rendition>.m3u8`,
 * `index_<rendition>_00001.ts`…, and the thumbnail `thumbnail….jpg`.
 */
export const OUTPUT_BASENAME = 'index';
export const THUMBNAIL_BASENAME = 'thumbnail';

const even = (n: number) => Math.max(2, Math.floor(n / 2) * 2);

/** The rungs at or below the source height: never upscaled. A source below the lowest rung keeps its own height. */
export function renditionsFor(sourceHeight: number): Rendition[] {
  const fitting = LADDER.filter((r) => r.height <= sourceHeight);
  if (fitting.length) return fitting;
  const lowest = LADDER[LADDER.length - 1];
  const height = even(sourceHeight);
  return [{ ...lowest, name: `${height}p`, height }];
}

export const thumbnailHeight = (sourceHeight: number): number => Math.min(THUMBNAIL.maxHeight, even(sourceHeight));
