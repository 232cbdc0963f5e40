import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import type { MemberVideo } from '../../../shared/api/calls/member-videos';
import { PLAYLIST_MAX_VIDEOS, playlistFieldsSchema } from '../../../shared/api/calls/playlists';
import { withPlaylistNext } from '../../../lambdas/content/playlist/playlist-watch';

const ids = (n: number) => Array.from({ length: n }, (_, i) => `01VIDEO${String(i).padStart(19, '0')}`);
const issues = (value: unknown) => {
  const parsed = z.safeParse(playlistFieldsSchema, value);
  return parsed.success ? [] : parsed.error.issues.map((i) => [i.path.join('.'), i.message]);
};

describe('playlist fields', () => {
  it('takes 1 to 100 different videos, in the order given', () => {
    expect(z.parse(playlistFieldsSchema, { videoIds: ['B', 'A', 'C'] })).toEqual({ videoIds: ['B', 'A', 'C'] });
    expect(issues({ videoIds: ids(PLAYLIST_MAX_VIDEOS) })).toEqual([]);
  });

  it('refuses no videos, more than 100, a video twice and a malformed id, naming the field', () => {
    expect(issues({ videoIds: [] })).toEqual([['videoIds', 'validation/required']]);
    expect(issues({ videoIds: ids(PLAYLIST_MAX_VIDEOS + 1) })).toEqual([['videoIds', 'validation/invalid_value']]);
    expect(issues({ videoIds: ['A', 'B', 'A'] })).toEqual([['videoIds', 'validation/invalid_value']]);
    expect(issues({ videoIds: ['A', '../x'] })).toEqual([['videoIds.1', 'validation/invalid_value']]);
    expect(issues({})).toEqual([['videoIds', 'validation/invalid_value']]);
  });
});

describe('the watch view inside a playlist', () => {
  const view: MemberVideo = {
    videoId: 'V1',
    title: 'One',
    overview: '',
    chapters: [],
    subtitleLanguages: [],
    completionAction: 'nextVideo',
    nextVideoId: 'ELSEWHERE',
    disableSeek: false,
    forcedPlayback: false,
  };

  it("puts the playlist's next video in place of the video's own", () => {
    expect(withPlaylistNext(view, { nextVideoId: 'V2' })).toEqual({ ...view, nextVideoId: 'V2' });
    expect(withPlaylistNext({ ...view, completionAction: 'none', nextVideoId: undefined }, { nextVideoId: 'V2' })).toMatchObject({ completionAction: 'nextVideo', nextVideoId: 'V2' });
  });

  it('names none after the last video, whatever the video itself says', () => {
    const last = withPlaylistNext(view, {});
    expect(last.completionAction).toBe('none');
    expect(last).not.toHaveProperty('nextVideoId');
  });
});
