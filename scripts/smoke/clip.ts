import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { StepFailure } from './http';
import { tinyMp4 } from './tiny-mp4';

const run = promisify(execFile);

export type ClipSource = 'auto' | 'ffmpeg' | 'generated';

export interface Clip {
  bytes: Uint8Array;
  /** How it was made: ffmpeg's test pattern with a tone, or the built-in generator (video only). */
  madeBy: 'ffmpeg' | 'generated';
}

/** A 2 s test pattern with a 440 Hz tone, as local/seed-videos.ts makes the demo clips (smaller). */
async function ffmpegClip(): Promise<Clip> {
  const dir = await mkdtemp(join(tmpdir(), 'smoke-clip-'));
  try {
    const path = join(dir, 'smoke.mp4');
    await run('ffmpeg', [
      ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=320x180:rate=25'],
      ...['-f', 'lavfi', '-i', 'sine=frequency=440', '-t', '2', '-c:v', 'libx264', '-preset', 'veryfast'],
      ...['-pix_fmt', 'yuv420p', '-c:a', 'aac', '-movflags', '+faststart', path],
    ]);
    return { bytes: await readFile(path), madeBy: 'ffmpeg' };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The clip to upload: ffmpeg's when it is installed and works (`auto`), else the generated one. */
export async function makeClip(source: ClipSource = 'auto'): Promise<Clip> {
  if (source === 'generated') return { bytes: tinyMp4(), madeBy: 'generated' };
  try {
    return await ffmpegClip();
  } catch (e) {
    if (source === 'ffmpeg') {
      const error = e as NodeJS.ErrnoException & { stderr?: string };
      const why = error.code === 'ENOENT' ? 'ffmpeg is not installed' : (error.stderr?.trim().split('\n')[0] ?? error.message);
      throw new StepFailure(`SMOKE_CLIP=ffmpeg but ffmpeg could not make the clip: ${why}`);
    }
    return { bytes: tinyMp4(), madeBy: 'generated' };
  }
}
