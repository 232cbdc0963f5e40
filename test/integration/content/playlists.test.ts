import '../support/platform-env';
import { beforeAll, describe, expect, it } from 'vitest';
import { getCatalogVideoCall, type CatalogVideoAnswer } from '../../../shared/api/calls/catalog';
import { getCatalogContentCall, getMemberContentCall, type ContentItem, type ContentItemRow, type MemberContentAnswer } from '../../../shared/api/calls/content-items';
import { getMemberVideoCall, type MemberVideoAnswer } from '../../../shared/api/calls/member-videos';
import * as playlistsCalls from '../../../shared/api/calls/playlists';
import type { PlaylistFields, PlaylistView } from '../../../shared/api/calls/playlists';
import { bulkDeleteVideosCall, deleteVideoCall, getVideoCall } from '../../../shared/api/calls/videos';
import { groupCreateCall } from '../../../shared/api/calls/groups';
import { getVideo, removeVideo, rewriteVideo } from '../../../lambdas/core/entities/video';
import { getSiteSettings, putSiteSettings } from '../../../lambdas/core/entities/site-settings';
import { call } from '../support/api';
import { type Caller, newOperator, ok } from './people';
import { newMember, readyVideo } from './ready-videos';

/**
 * SPEC §3 Playlist beyond the generic content item suite: the operator's order, the member view (each video by
 * its own access decision), the videos it holds cannot be deleted (SPEC §8), and the next video when watching
 * inside the playlist (member area and catalog).
 */
const GROUP = '01GROUPPLAYLIST00000000001';
const OTHER_GROUP = '01GROUPPLAYLIST00000000002';

let team: Caller;
let beta: Caller;
/** In GROUP. */
let member: Caller;


const createPlaylist = async (who: Caller, videoIds: string[], extra: Record<string, unknown> = {}) =>
  (await ok<{ id: string }>(who, playlistsCalls.createPlaylistCall, { title: 'Course', status: 'public', fields: { videoIds }, ...extra })).id;

/** A published, playable video of `who`'s team (members-only unless `extra` says otherwise). */
const video = (who: Caller, title: string, extra: Record<string, unknown> = {}, groupIds: string[] = []) =>
  readyVideo(who, { title, status: 'public', ...extra }, groupIds);

const watch = (who: Caller, videoId: string, playlistId?: string) =>
  call(getMemberVideoCall, { ...who.ctx, videoId, ...(playlistId ? { playlistId } : {}) }, who.token);

beforeAll(async () => {
  [team, beta] = await Promise.all([newOperator('Playlists'), newOperator('Playlists Beta')]);
  await putSiteSettings({ ...(await getSiteSettings(team.teamId)), catalogPublic: true });
  member = await newMember(team.teamId, [GROUP]);
});

describe('/playlist/* (the operator)', () => {
  it('keeps the order given, and the order an update gives', async () => {
    const [a, b, c] = await Promise.all([video(team, 'A'), video(team, 'B'), video(team, 'C')]);
    const id = await createPlaylist(team, [b, c, a]);
    expect((await ok<ContentItem<PlaylistFields>>(team, playlistsCalls.getPlaylistCall, { id })).fields.videoIds).toEqual([b, c, a]);
    const row = (await ok<{ items: ContentItemRow[] }>(team, playlistsCalls.listPlaylistsCall, {})).items.find((r) => r.id === id);
    expect(row?.summary).toBe('3');

    await ok(team, playlistsCalls.updatePlaylistCall, { id, version: 1, title: 'Course', status: 'public', fields: { videoIds: [a, c] } });
    const updated = await ok<ContentItem<PlaylistFields>>(team, playlistsCalls.getPlaylistCall, { id });
    expect(updated.fields.videoIds).toEqual([a, c]);
    expect(updated.version).toBe(2);
    // The video the update dropped is free again.
    expect((await call(deleteVideoCall, { ...team.ctx, videoId: b }, team.token)).status).toBe(200);
  });

  it('refuses an unknown video and names its place in the list', async () => {
    const a = await video(team, 'Known');
    const res = await call(playlistsCalls.createPlaylistCall, { ...team.ctx, title: 'Course', fields: { videoIds: [a, '01UNKNOWN00000000000000000'] } }, team.token);
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({ code: 'common/invalid_input', fields: { 'fields.videoIds.1': 'validation/invalid_value' } });
  });
});

describe('the member view of a playlist', () => {
  it('lists, in order, only the videos the reader may see, with their state', async () => {
    const future = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const open = await video(team, 'Open', { isPublic: true });
    const privateOne = await video(team, 'Private', { status: 'private' });
    const theirGroup = await video(team, 'Their group', {}, [GROUP]);
    const otherGroup = await video(team, 'Other group', {}, [OTHER_GROUP]);
    const later = await video(team, 'Later', { playableStart: future });
    const membersOnly = await video(team, 'Members only');
    const gone = await video(team, 'Gone');
    const id = await createPlaylist(team, [later, otherGroup, open, privateOne, gone, theirGroup, membersOnly], { isPublic: true });
    // Deleted in the instant the playlist took it (the race content-references.ts leaves): skipped, not failed.
    await removeVideo(team.teamId, (await getVideo(team.teamId, gone))!);

    const answer = await ok<MemberContentAnswer>(member, getMemberContentCall, { type: 'playlist', id });
    const { videos } = answer.view as PlaylistView;
    expect(videos.map((v) => [v.id, v.state])).toEqual([
      [later, 'beforeRelease'],
      [open, 'visible'],
      [theirGroup, 'visible'],
      [membersOnly, 'visible'],
    ]);
    expect(videos[1]).toMatchObject({ title: 'Open', durationSeconds: 5, thumbnailUrl: expect.stringContaining('grant=') });
    expect(JSON.stringify(answer)).not.toMatch(/Private|Other group|Gone/);

    // Visitors: only what the catalog holds.
    const visitor = await ok<MemberContentAnswer>(undefined, getCatalogContentCall, { teamId: team.teamId, type: 'playlist', id });
    expect((visitor.view as PlaylistView).videos.map((v) => v.id)).toEqual([open]);
  });

  it('shows no videos while the playlist itself is not visible', async () => {
    const a = await video(team, 'Soon');
    const id = await createPlaylist(team, [a], { viewableStart: new Date(Date.now() + 86_400_000).toISOString() });
    const answer = await ok<MemberContentAnswer>(member, getMemberContentCall, { type: 'playlist', id });
    expect(answer.state).toBe('beforeRelease');
    expect(answer.view).toBeUndefined();
  });
});

describe('deleting a video a playlist holds (SPEC §8)', () => {
  const refused = async (videoId: string) => {
    const res = await call(deleteVideoCall, { ...team.ctx, videoId }, team.token);
    expect(res.status).toBe(409);
    expect(res.body.error?.code).toBe('deletion/video_in_playlist');
    expect((await call(getVideoCall, { ...team.ctx, videoId }, team.token)).status).toBe(200);
  };

  it('is refused until the playlist drops it', async () => {
    const [kept, dropped] = await Promise.all([video(team, 'Kept'), video(team, 'Dropped')]);
    const id = await createPlaylist(team, [kept, dropped]);
    await refused(dropped);
    await ok(team, playlistsCalls.updatePlaylistCall, { id, version: 1, title: 'Course', status: 'public', fields: { videoIds: [kept] } });
    await ok(team, deleteVideoCall, { videoId: dropped });
    await refused(kept);
  });

  it('is refused until the playlist is deleted', async () => {
    const held = await video(team, 'Held');
    const [first, second] = [await createPlaylist(team, [held]), await createPlaylist(team, [held])];
    await refused(held);
    await ok(team, playlistsCalls.deletePlaylistCall, { id: first });
    await refused(held);
    await ok(team, playlistsCalls.deletePlaylistCall, { id: second });
    await ok(team, deleteVideoCall, { videoId: held });
  });

  it('is skipped by the bulk delete, which says so', async () => {
    const [held, free] = await Promise.all([video(team, 'Held in bulk'), video(team, 'Free')]);
    await createPlaylist(team, [held]);
    const done = await ok(team, bulkDeleteVideosCall, { videoIds: [held, free], typedCount: '2' });
    expect(done).toEqual({ deleted: 1, skipped: 1, inPlaylist: 1 });
    expect((await call(getVideoCall, { ...team.ctx, videoId: held }, team.token)).status).toBe(200);
    expect((await call(getVideoCall, { ...team.ctx, videoId: free }, team.token)).status).toBe(404);
  });
});

describe('watching inside a playlist', () => {
  let first: string;
  let closed: string;
  let third: string;
  let last: string;
  let elsewhere: string;
  let playlistId: string;

  beforeAll(async () => {
    [first, closed, third, last, elsewhere] = await Promise.all([
      video(team, 'First', { isPublic: true }),
      video(team, 'Closed to the member', {}, [OTHER_GROUP]),
      video(team, 'Third'),
      video(team, 'Last', { isPublic: true }),
      video(team, 'Elsewhere', { isPublic: true }),
    ]);
    playlistId = await createPlaylist(team, [first, closed, third, last], { isPublic: true });
    // The videos' own next videos, which the playlist overrides.
    for (const videoId of [first, last]) await rewriteVideo(team.teamId, videoId, (v) => ({ video: { ...v, completionAction: 'nextVideo', nextVideoId: elsewhere } }));
  });

  it('names the playlist’s next video the member may open, and none after the last', async () => {
    const next = async (videoId: string) => {
      const res = await watch(member, videoId, playlistId);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return (res.body as MemberVideoAnswer).video;
    };
    expect(await next(first)).toMatchObject({ videoId: first, completionAction: 'nextVideo', nextVideoId: third });
    expect(await next(third)).toMatchObject({ completionAction: 'nextVideo', nextVideoId: last });
    const atEnd = await next(last);
    expect(atEnd.completionAction).toBe('none');
    expect(atEnd).not.toHaveProperty('nextVideoId');
    // Outside the playlist the video's own completion action holds.
    expect(((await watch(member, first)).body as MemberVideoAnswer).video).toMatchObject({ completionAction: 'nextVideo', nextVideoId: elsewhere });
  });

  it('grants nothing: a video the member may not open stays refused inside the playlist', async () => {
    expect((await watch(member, closed, playlistId)).status).toBe(403);
  });

  it('does the same for catalog visitors over the videos the catalog holds', async () => {
    const res = await call(getCatalogVideoCall, { teamId: team.teamId, videoId: first, playlistId });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((res.body as CatalogVideoAnswer).video).toMatchObject({ completionAction: 'nextVideo', nextVideoId: last });
    const members = await call(getCatalogVideoCall, { teamId: team.teamId, videoId: third, playlistId });
    expect(members.status).toBe(404);
  });

  it('answers 404 like an unknown video for a playlist the caller may not see or that does not hold the video', async () => {
    const theirs = await createPlaylist(beta, [await video(beta, 'Beta video')]);
    const privateOne = await createPlaylist(team, [first], { status: 'private' });
    const othersGroup = (await ok<{ group: { groupId: string } }>(team, groupCreateCall, { name: 'Others' })).group.groupId;
    const forOthers = await createPlaylist(team, [first], { groupIds: [othersGroup] });
    for (const [videoId, id] of [
      [first, theirs],
      [first, privateOne],
      [first, forOthers],
      [elsewhere, playlistId],
      [first, '01UNKNOWN00000000000000000'],
    ] as const) {
      const res = await watch(member, videoId, id);
      expect(res.status, id).toBe(404);
      expect(res.body).toEqual({ error: { code: 'video/not_found' } });
    }
    const notInCatalog = await createPlaylist(team, [first]);
    const visitor = await call(getCatalogVideoCall, { teamId: team.teamId, videoId: first, playlistId: notInCatalog });
    expect(visitor.status).toBe(404);
    expect(visitor.body).toEqual({ error: { code: 'video/not_found' } });
  });
});
