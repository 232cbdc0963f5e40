import '../support/platform-env';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  getCatalogSiteCall,
  getCatalogVideoCall,
  listCatalogTaxonomyCall,
  type CatalogVideoAnswer,
} from '../../../shared/api/calls/catalog';
import { createCategoryCall, createCreatorCall, createTagCall } from '../../../shared/api/calls/categories';
import { listCatalogContentCall, type ContentListPage } from '../../../shared/api/calls/content-lists';
import { recordMemberVideoProgressCall } from '../../../shared/api/calls/member-videos';
import type { CallDef } from '../../../shared/api/define';
import { getVideo, rewriteVideo } from '../../../lambdas/core/entities/video';
import { getSiteSettings, putSiteSettings } from '../../../lambdas/core/entities/site-settings';
import { call } from '../support/api';
import { newOperator, type Caller } from './people';
import { fetchPath, forgedUrls, newMember, readyVideo } from './ready-videos';

const GROUP = '01GROUPCATALOG000000000001';
const UNKNOWN = '01UNKNOWN00000000000000000';

let team: Caller;
let closed: Caller;
let member: Caller;
let categoryId: string;
let tagId: string;
let creatorId: string;
let closedCategoryId: string;
/** In the catalog: `open` and (by link only) `openHidden`; never: the others. */
let open: string;
let openHidden: string;
let membersOnly: string;
let limited: string;
let privateVideo: string;
let closedVideo: string;

const created = async (who: Caller, def: CallDef, input: Record<string, unknown>) => {
  const res = await call(def, { ...who.ctx, ...input }, who.token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body as { id: string }).id;
};
/** The one catalog list call: newest first unless `order` or `query` say otherwise. */
const LIST = listCatalogContentCall;
const setCatalog = async (teamId: string, catalogPublic: boolean) => putSiteSettings({ ...(await getSiteSettings(teamId)), catalogPublic });

beforeAll(async () => {
  [team, closed] = await Promise.all([newOperator('Catalog'), newOperator('Catalog Closed')]);
  await setCatalog(team.teamId, true);
  [categoryId, tagId, creatorId, closedCategoryId] = await Promise.all([
    created(team, createCategoryCall, { name: 'Free lessons' }),
    created(team, createTagCall, { name: 'Intro' }),
    created(team, createCreatorCall, { name: 'Teacher', profile: 'Teaches.' }),
    created(closed, createCategoryCall, { name: 'Closed' }),
  ]);
  const scoped = { categoryId, tagIds: [tagId], creatorId, status: 'public' };
  open = await readyVideo(team, { title: '公開レッスン', overview: 'Everyone may watch this.', isPublic: true, releasedAt: '2024-01-01T00:00:00Z', ...scoped });
  openHidden = await readyVideo(team, { title: 'Public but hidden', isPublic: true, isListHidden: true, ...scoped });
  membersOnly = await readyVideo(team, { title: 'Members lesson', overview: 'Everyone in the team.', releasedAt: '2024-02-01T00:00:00Z', ...scoped });
  limited = await readyVideo(team, { title: 'Group lesson', overview: 'Everyone in the group.', releasedAt: '2024-03-01T00:00:00Z', ...scoped }, [GROUP]);
  privateVideo = await readyVideo(team, { title: 'Private lesson', overview: 'Everyone later.', ...scoped, status: 'private' });
  closedVideo = await readyVideo(closed, { title: 'Closed lesson', status: 'public', isPublic: true, categoryId: closedCategoryId });
  member = await newMember(team.teamId, [GROUP]);
});

const ok = async (def: CallDef, input: Record<string, unknown>) => {
  const res = await call(def, { teamId: team.teamId, ...input });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as ContentListPage;
};
const ids = async (def: CallDef, input: Record<string, unknown> = {}) => (await ok(def, input)).items.map((c) => c.id);

describe('catalog access', () => {
  it('answers the site name without login', async () => {
    expect(await ok(getCatalogSiteCall, {})).toEqual({ teamId: team.teamId, siteName: 'Catalog' });
  });

  it('answers 404 common/not_found for every call while public access is off, and for an unknown team', async () => {
    const inputs: [CallDef, Record<string, unknown>][] = [
      [getCatalogSiteCall, {}],
      [getCatalogVideoCall, { videoId: closedVideo }],
      [LIST, {}],
      [LIST, { categoryId: closedCategoryId }],
      [LIST, { query: 'lesson' }],
      [LIST, { order: 'popular' }],
      [listCatalogTaxonomyCall, { kind: 'category' }],
    ];
    for (const teamId of [closed.teamId, UNKNOWN]) {
      for (const [def, input] of inputs) {
        const res = await call(def, { teamId, ...input });
        expect(res.status, def.path).toBe(404);
        expect(res.body).toEqual({ error: { code: 'common/not_found' } });
        expect(res.headers.getSetCookie()).toEqual([]);
      }
    }
  });

  it('closes again when public access is turned off', async () => {
    await setCatalog(team.teamId, false);
    try {
      expect((await call(LIST, { teamId: team.teamId })).status).toBe(404);
      expect((await call(getCatalogVideoCall, { teamId: team.teamId, videoId: open })).status).toBe(404);
    } finally {
      await setCatalog(team.teamId, true);
    }
    expect((await call(LIST, { teamId: team.teamId })).status).toBe(200);
  });

  it('refuses bad input naming the field', async () => {
    const noTeam = await call(LIST, { limit: 0 });
    expect(noTeam.status).toBe(400);
    expect(noTeam.body.error?.fields).toEqual({ teamId: 'validation/required', limit: 'validation/invalid_value' });
    const two = await call(LIST, { teamId: team.teamId, categoryId, creatorId });
    expect(two.status).toBe(400);
    expect(two.body.error?.fields).toEqual({ categoryId: 'validation/invalid_value' });
    const empty = await call(LIST, { teamId: team.teamId, query: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.error?.fields).toEqual({ query: 'validation/required' });
    const kind = await call(listCatalogTaxonomyCall, { teamId: team.teamId, kind: 'genre' });
    expect(kind.body.error?.fields).toEqual({ kind: 'validation/invalid_value' });
    const video = await call(getCatalogVideoCall, { teamId: team.teamId, videoId: '../x' });
    expect(video.body.error?.fields).toEqual({ videoId: 'validation/invalid_value' });
  });
});

describe('/catalog/video/get', () => {
  it('opens a public video with its playback grant, list-hidden ones by link too', async () => {
    const res = await call(getCatalogVideoCall, { teamId: team.teamId, videoId: open });
    expect(res.status).toBe(200);
    const answer = res.body as CatalogVideoAnswer;
    const stored = await getVideo(team.teamId, open);
    expect(answer).toMatchObject({ state: 'visible', video: { videoId: open, title: '公開レッスン', overview: 'Everyone may watch this.' } });
    expect(answer).not.toHaveProperty('resume');
    expect(answer.playback?.playlistUrl).toBe(`/media/${stored!.playback!.masterPlaylistKey}`);
    expect(res.headers.getSetCookie()[0]).toContain(`Path=/media/T/${team.teamId}/videos/${open}/`);
    expect((await call(getCatalogVideoCall, { teamId: team.teamId, videoId: openHidden })).status).toBe(200);
  });

  it('answers a public video outside its playable period with its state and no grant', async () => {
    await rewriteVideo(team.teamId, openHidden, (v) => ({ video: { ...v, playablePeriod: { start: '2099-01-01T00:00:00.000Z', realtimePremiere: false } } }));
    const res = await call(getCatalogVideoCall, { teamId: team.teamId, videoId: openHidden });
    expect(res.body).toMatchObject({ state: 'beforeRelease', video: { videoId: openHidden, playableStart: '2099-01-01T00:00:00.000Z' } });
    expect(res.body).not.toHaveProperty('playback');
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it('names the next video only when it is in the catalog too', async () => {
    const nextOf = async (nextVideoId: string) => {
      await rewriteVideo(team.teamId, open, (v) => ({ video: { ...v, completionAction: 'nextVideo', nextVideoId } }));
      const res = await call(getCatalogVideoCall, { teamId: team.teamId, videoId: open });
      expect(res.body).toMatchObject({ video: { completionAction: 'nextVideo' } });
      return (res.body as CatalogVideoAnswer).video.nextVideoId;
    };
    try {
      expect(await nextOf(openHidden)).toBe(openHidden);
      expect(await nextOf(membersOnly)).toBeUndefined();
      expect(await nextOf(privateVideo)).toBeUndefined();
    } finally {
      await rewriteVideo(team.teamId, open, (v) => ({ video: { ...v, completionAction: 'none', nextVideoId: undefined } }));
    }
  });

  it('answers 404 video/not_found for members-only, group-limited, private, unknown and another team videos', async () => {
    for (const videoId of [membersOnly, limited, privateVideo, UNKNOWN, closedVideo]) {
      const res = await call(getCatalogVideoCall, { teamId: team.teamId, videoId });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: { code: 'video/not_found' } });
      expect(res.headers.getSetCookie()).toEqual([]);
    }
  });
});

describe('catalog lists', () => {
  it('list only public videos: newer, by category, tag and creator, with the scope card', async () => {
    expect(await ids(LIST)).toEqual([open]);
    const byCategory = await ok(LIST, { categoryId });
    expect(byCategory.items.map((c) => c.id)).toEqual([open]);
    expect(byCategory.scope).toEqual({ id: categoryId, kind: 'category', name: 'Free lessons' });
    expect(await ids(LIST, { tagId })).toEqual([open]);
    expect((await ok(LIST, { creatorId })).scope).toEqual({ id: creatorId, kind: 'creator', name: 'Teacher', profile: 'Teaches.' });
  });

  it('answer 404 for an unknown scope and another team ids', async () => {
    const creator = await call(LIST, { teamId: team.teamId, creatorId: UNKNOWN });
    expect(creator.status).toBe(404);
    expect(creator.body).toEqual({ error: { code: 'creator/not_found' } });
    const foreign = await call(LIST, { teamId: team.teamId, categoryId: closedCategoryId });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ error: { code: 'common/not_found' } });
  });

  it('sign thumbnails the media route opens for that key only', async () => {
    const [card] = (await ok(LIST, {})).items;
    expect((await fetchPath(card.thumbnailUrl!)).status).toBe(200);
    const forged = forgedUrls(card.thumbnailUrl!, `T/${team.teamId}/videos/${membersOnly}/01ATTEMPT0000000000000001/thumbnail.jpg`);
    expect((await fetchPath(forged.otherKey)).status).toBe(403);
    expect((await fetchPath(forged.tampered)).status).toBe(403);
  });

  it('search finds public videos by title and overview only', async () => {
    expect(await ids(LIST, { query: 'everyone' })).toEqual([open]);
    expect(await ids(LIST, { query: 'ﾚｯｽﾝ' })).toEqual([open]);
    expect(await ids(LIST, { query: 'lesson' })).toEqual([]);
  });

  it('popular ranks public videos by recorded starts, never the others', async () => {
    const start = async (videoId: string, times: number) => {
      for (let i = 0; i < times; i++) {
        const res = await call(recordMemberVideoProgressCall, { ...member.ctx, videoId, event: 'start', positionSeconds: 0 }, member.token);
        expect(res.status).toBe(200);
      }
    };
    await start(membersOnly, 3);
    await start(limited, 2);
    await start(open, 1);
    const popular = await ok(LIST, { order: 'popular' });
    expect(popular.items.map((c) => c.id)).toEqual([open]);
    expect(popular.nextCursor).toBeUndefined();
  });

  it('taxonomy mirrors the member area', async () => {
    const categories = await ok(listCatalogTaxonomyCall, { kind: 'category' });
    expect(categories.items).toEqual([{ id: categoryId, kind: 'category', name: 'Free lessons' }]);
    const creators = await ok(listCatalogTaxonomyCall, { kind: 'creator' });
    expect(creators.items).toEqual([{ id: creatorId, kind: 'creator', name: 'Teacher', profile: 'Teaches.' }]);
  });
});
