import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { videoFormSchema, type VideoFormInput } from '../shared/api/calls/videos';
import { applyVideoForm, commitVideo, getVideo, newVideoBase } from '../lambdas/core/entities/video';
import { createTaxonomyItemWithId } from '../lambdas/core/entities/taxonomy';
import { putVersionOp } from '../lambdas/core/entities/video-version';
import { encodeStoredSource, sourceKey } from '../lambdas/media/video-upload';
import { ConditionFailedError } from '../lambdas/platform/db';
import { uploadFile } from '../lambdas/platform/storage';

const run = promisify(execFile);

/** Fixed ids, so a second start finds what the first one made. */
const CATEGORY_ID = '01DEMOCATEGORY000000000001';
const CREATOR_ID = '01DEMOCREATOR0000000000001';
const demoVideos: { videoId: string; pattern: string; tone: number; form: VideoFormInput }[] = [
  {
    videoId: '01DEMOVIDE0000000000000001',
    pattern: 'testsrc',
    tone: 440,
    form: {
      title: 'はじめての動画 / Welcome',
      overview: 'A short generated clip: the colour test pattern with a 440 Hz tone.',
      chapters: [
        { seconds: 0, title: 'Start' },
        { seconds: 2, title: 'Middle' },
      ],
      status: 'public',
      isPublic: true,
      releasedAt: '2024-04-01T00:00:00.000Z',
      // Members go on to the colour bars when it ends; the catalog does not (they are members only).
      completionAction: 'nextVideo',
      nextVideoId: '01DEMOVIDE0000000000000002',
    },
  },
  {
    videoId: '01DEMOVIDE0000000000000002',
    pattern: 'smptebars',
    tone: 660,
    form: { title: 'カラーバー / Colour bars', overview: 'Members only.', status: 'public', releasedAt: '2024-04-02T00:00:00.000Z' },
  },
  {
    videoId: '01DEMOVIDE0000000000000003',
    pattern: 'testsrc2',
    tone: 880,
    form: { title: '下書き / Draft', overview: 'Not published yet.', status: 'private' },
  },
];

/** The demo playlist: the welcome clip, then the colour bars (both published). */
export const DEMO_PLAYLIST_VIDEO_IDS = ['01DEMOVIDE0000000000000001', '01DEMOVIDE0000000000000002'];

/** The priced demo video (members who bought one of the shop's prices): made only when the shop's prices are given. */
export const PREMIUM_VIDEO_ID = '01DEMOVIDE0000000000000004';
const premiumVideo = (priceIds: string[]) => ({
  videoId: PREMIUM_VIDEO_ID,
  pattern: 'rgbtestsrc',
  tone: 520,
  form: { title: 'プレミアム講座 第1回 / Premium lesson 1', overview: 'For purchasers of the premium course.', status: 'public', releasedAt: '2024-04-03T00:00:00.000Z', priceIds } satisfies VideoFormInput,
});

/**
 * Demo videos of the demo team: a category and a creator, three 5 s generated clips (ffmpeg test sources):
 * one public (in the catalog), one for members only, one private draft; uploaded to the uploads bucket and
 * handed to the transcoder; the local worker encodes them in the background, so the start does not wait.
 * Safe on every start: what exists is left alone.
 */
export async function seedDemoVideos(teamId: string, adminId: string, now = new Date(), premiumPriceIds: string[] = []): Promise<void> {
  await Promise.all([
    createTaxonomyItemWithId(teamId, 'category', CATEGORY_ID, { name: 'デモ / Demo', thumbnailKey: null, sortNumber: 1 }, now),
    createTaxonomyItemWithId(
      teamId,
      'creator',
      CREATOR_ID,
      { name: 'Demo Studio', thumbnailKey: null, sortNumber: 1, profile: 'Makes test patterns.' },
      now,
    ),
  ]);
  const missing = [];
  for (const demo of [...demoVideos, ...(premiumPriceIds.length ? [premiumVideo(premiumPriceIds)] : [])]) if (!(await getVideo(teamId, demo.videoId))) missing.push(demo);
  if (!missing.length) return;
  const dir = await mkdtemp(join(tmpdir(), 'seed-videos-'));
  try {
    for (const demo of missing) {
      const path = join(dir, `${demo.videoId}.mp4`);
      try {
        await run('ffmpeg', [
          ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', `${demo.pattern}=size=640x360:rate=30`],
          ...['-f', 'lavfi', '-i', `sine=frequency=${demo.tone}`, '-t', '5', '-c:v', 'libx264', '-preset', 'veryfast'],
          ...['-pix_fmt', 'yuv420p', '-c:a', 'aac', path],
        ]);
      } catch (e) {
        console.warn(`Demo videos skipped: ffmpeg could not make them (${(e as Error).message.split('\n')[0]})`);
        return;
      }
      const form = videoFormSchema({ now: () => now }).parse({ ...demo.form, categoryId: CATEGORY_ID, creatorId: CREATOR_ID });
      const video = applyVideoForm(newVideoBase(demo.videoId, now), form, now);
      try {
        await commitVideo(teamId, undefined, video, [putVersionOp(teamId, { videoId: demo.videoId, number: 1, state: 'waiting', createdAt: now.toISOString() })]);
      } catch (e) {
        // Another start made it meanwhile.
        if (e instanceof ConditionFailedError) continue;
        throw e;
      }
      const key = sourceKey(teamId, demo.videoId, 1, 'mp4');
      await uploadFile({ bucket: 'uploads', key, path, contentType: 'video/mp4' });
      await encodeStoredSource(teamId, adminId, { videoId: demo.videoId, versionNumber: 1, key }, now);
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
