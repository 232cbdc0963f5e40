import { describe, expect, it } from 'vitest';
import { canSeeGroups, decideVideoAccess, memberViewOf } from '../../../lambdas/core/access/member-video-access';
import { newVideoBase } from '../../../lambdas/core/entities/video';
import type { Video } from '../../../shared/api/calls/videos';

const now = new Date('2026-06-01T12:00:00.000Z');
const member = { role: 'member' as const, groupIds: ['G1'] };

const ready = (over: Partial<Video> = {}): Video => ({
  ...newVideoBase('01VIDEO', new Date('2026-01-01T00:00:00.000Z')),
  title: 'Intro',
  status: 'public',
  uploadState: 'ready',
  currentVersion: 1,
  playback: { masterPlaylistKey: 'T/t/videos/01VIDEO/a1/index.m3u8' },
  ...over,
});

describe('decideVideoAccess', () => {
  it('answers visible for a public, playable video without groups', () => {
    expect(decideVideoAccess(ready(), member, now)).toBe('visible');
  });

  it('answers notFound for a missing, private or not yet playable video', () => {
    expect(decideVideoAccess(undefined, member, now)).toBe('notFound');
    expect(decideVideoAccess(ready({ status: 'private' }), member, now)).toBe('notFound');
    expect(decideVideoAccess(ready({ currentVersion: undefined, playback: undefined }), member, now)).toBe('notFound');
  });

  it('answers notFound outside the publication period and visible inside it', () => {
    const period = (start: string, end: string) => ready({ status: 'publicationPeriod', publicationPeriod: { start, end } });
    expect(decideVideoAccess(period('2026-07-01T00:00:00.000Z', '2026-08-01T00:00:00.000Z'), member, now)).toBe('notFound');
    expect(decideVideoAccess(period('2026-01-01T00:00:00.000Z', '2026-06-01T12:00:00.000Z'), member, now)).toBe('notFound');
    expect(decideVideoAccess(period('2026-06-01T12:00:00.000Z', '2026-08-01T00:00:00.000Z'), member, now)).toBe('visible');
  });

  it('refuses a member outside the video groups, and lets members of one of them and administrators in', () => {
    const limited = ready({ groupIds: ['G2', 'G3'] });
    expect(decideVideoAccess(limited, member, now)).toBe('notInGroup');
    expect(decideVideoAccess(limited, { role: 'member', groupIds: ['G3'] }, now)).toBe('visible');
    expect(decideVideoAccess(limited, { role: 'admin', groupIds: [] }, now)).toBe('visible');
  });

  it('answers before and after release around the playable period (end excluded)', () => {
    const playable = (start?: string, end?: string) => ready({ playablePeriod: { start, end, realtimePremiere: false } });
    expect(decideVideoAccess(playable('2026-06-02T00:00:00.000Z'), member, now)).toBe('beforeRelease');
    expect(decideVideoAccess(playable(undefined, '2026-06-01T12:00:00.000Z'), member, now)).toBe('afterRelease');
    expect(decideVideoAccess(playable('2026-06-01T00:00:00.000Z', '2026-06-01T12:00:01.000Z'), member, now)).toBe('visible');
  });

  it('checks groups before the playable period, so an outsider learns nothing about it', () => {
    const v = ready({ groupIds: ['G2'], playablePeriod: { start: '2026-06-02T00:00:00.000Z', realtimePremiere: false } });
    expect(decideVideoAccess(v, member, now)).toBe('notInGroup');
  });
});

describe('canSeeGroups', () => {
  it('lets everyone see a video without groups and needs one shared group otherwise', () => {
    expect(canSeeGroups([], [])).toBe(true);
    expect(canSeeGroups(['A'], [])).toBe(false);
    expect(canSeeGroups(['A', 'B'], ['B'])).toBe(true);
  });
});

describe('memberViewOf', () => {
  it('keeps the watch page fields and leaves out operator fields', () => {
    const view = memberViewOf(
      ready({
        overview: 'About',
        chapters: [{ seconds: 5, title: 'Part 1' }],
        subtitles: [{ language: 'ja', key: 'T/t/files/subtitle/x.vtt' }],
        metadata: [{ key: 'secret', value: 'v' }],
        completionAction: 'none',
        nextVideoId: 'OTHER',
        durationSeconds: 30,
      }),
    );
    expect(view).toEqual({
      videoId: '01VIDEO',
      title: 'Intro',
      overview: 'About',
      chapters: [{ seconds: 5, title: 'Part 1' }],
      subtitleLanguages: ['ja'],
      durationSeconds: 30,
      completionAction: 'none',
      disableSeek: false,
      forcedPlayback: false,
    });
  });
});
