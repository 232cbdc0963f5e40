import '../support/platform-env';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import * as siteDesignCalls from '../../../shared/api/calls/site-design';
import type { DesignAnswer, PublicDesign } from '../../../shared/api/calls/site-design';
import { getDesign, updateDesign } from '../../../lambdas/core/entities/site-design';
import { getSiteSettings, putSiteSettings } from '../../../lambdas/core/entities/site-settings';
import { call } from '../support/api';
import { newOperator, newPerson, type Caller } from '../content/people';
import { readyVideo } from '../content/ready-videos';

let alpha: Caller;
let beta: Caller;
beforeAll(async () => {
  [alpha, beta] = await Promise.all([newOperator('Alpha Design'), newOperator('Beta Design')]);
});

const as = (who: Caller, input: Record<string, unknown> = {}) => ({ ...who.ctx, ...input });
const colors = { accentColor: '#c92a2a', textColor: '#f1f3f5', backgroundColor: '#101113', theme: 'dark' };

describe('POST /api/settings/design/get', () => {
  it('answers the defaults at version 0 before anything is saved', async () => {
    const res = await call(siteDesignCalls.getDesignCall, as(beta), beta.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ design: siteDesignCalls.defaultDesign, version: 0 });
  });

  it('answers 403 to a member and to an administrator without the designer category', async () => {
    const member = await newPerson(alpha.teamId, 'member');
    const analyst = await newPerson(alpha.teamId, 'admin', ['analyst', 'siteManager']);
    const designer = await newPerson(alpha.teamId, 'admin', ['designer']);
    expect((await call(siteDesignCalls.getDesignCall, as(member), member.token)).status).toBe(403);
    expect((await call(siteDesignCalls.getDesignCall, as(analyst), analyst.token)).status).toBe(403);
    expect((await call(siteDesignCalls.getDesignCall, as(designer), designer.token)).status).toBe(200);
  });

  it("answers 403 for another team's id and returns nothing of it", async () => {
    const res = await call(siteDesignCalls.getDesignCall, { operatedTeamId: beta.teamId, operatedUserId: alpha.userId }, alpha.token);
    expect(res.status).toBe(403);
    expect(res.body).not.toHaveProperty('design');
  });
});

describe('POST /api/settings/design/update_color', () => {
  it('saves the colours and theme, versioned, and the public design shows them', async () => {
    const team = await newOperator('Colour Team');
    const first = await call(siteDesignCalls.updateDesignColorCall, as(team, { version: 0, ...colors }), team.token);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect((first.body as DesignAnswer).version).toBe(1);
    expect((first.body as DesignAnswer).design).toMatchObject(colors);
    expect(await getDesign(team.teamId)).toMatchObject({ version: 1, design: colors });

    const pub = await call(siteDesignCalls.getPublicDesignCall, { teamId: team.teamId });
    expect(pub.status).toBe(200);
    expect(pub.body).toMatchObject({ teamId: team.teamId, siteName: 'Colour Team', ...colors, publicAccess: false });
    expect(pub.body).not.toHaveProperty('landing');

    const second = await call(siteDesignCalls.updateDesignColorCall, as(team, { version: 1, ...colors, accentColor: '#1971c2', theme: 'light', textColor: '#000000', backgroundColor: '#ffffff' }), team.token);
    expect(second.status).toBe(200);
    expect((second.body as DesignAnswer).version).toBe(2);
  });

  it('answers 409 common/concurrent_update for an edit made from an older version, changing nothing', async () => {
    const team = await newOperator('Race Team');
    expect((await call(siteDesignCalls.updateDesignColorCall, as(team, { version: 0, ...colors }), team.token)).status).toBe(200);
    const stale = await call(siteDesignCalls.updateDesignColorCall, as(team, { version: 0, ...colors, accentColor: '#e8590c' }), team.token);
    expect(stale.status).toBe(409);
    expect(stale.body.error?.code).toBe('common/concurrent_update');
    expect((await getDesign(team.teamId)).design.accentColor).toBe(colors.accentColor);
  });

  it('answers 400 naming the field: low contrast (each pair), a colour not #rrggbb, an unknown theme', async () => {
    const text = await call(siteDesignCalls.updateDesignColorCall, as(beta, { version: 0, ...colors, textColor: '#303030' }), beta.token);
    expect(text.status).toBe(400);
    expect(text.body.error?.fields).toEqual({ textColor: 'validation/low_contrast_text' });
    const accent = await call(siteDesignCalls.updateDesignColorCall, as(beta, { version: 0, ...colors, accentColor: '#202020' }), beta.token);
    expect(accent.status).toBe(400);
    expect(accent.body.error?.fields).toEqual({ accentColor: 'validation/low_contrast_accent' });
    const shape = await call(siteDesignCalls.updateDesignColorCall, as(beta, { version: 0, ...colors, backgroundColor: 'black' }), beta.token);
    expect(shape.status).toBe(400);
    expect(shape.body.error?.fields).toEqual({ backgroundColor: 'validation/invalid_color' });
    const theme = await call(siteDesignCalls.updateDesignColorCall, as(beta, { version: 0, ...colors, theme: 'sepia' }), beta.token);
    expect(theme.status).toBe(400);
    expect(theme.body.error?.fields).toEqual({ theme: 'validation/invalid_value' });
    expect((await getDesign(beta.teamId)).version).toBe(0);
  });

  it("answers 403 to a non-designer and for another team's id, changing nothing there", async () => {
    const analyst = await newPerson(alpha.teamId, 'admin', ['analyst']);
    expect((await call(siteDesignCalls.updateDesignColorCall, as(analyst, { version: 0, ...colors }), analyst.token)).status).toBe(403);
    const cross = await call(siteDesignCalls.updateDesignColorCall, { operatedTeamId: beta.teamId, operatedUserId: alpha.userId, version: 0, ...colors }, alpha.token);
    expect(cross.status).toBe(403);
    expect((await getDesign(beta.teamId)).version).toBe(0);
  });
});

describe('POST /api/settings/design/update_order', () => {
  it('saves both orders', async () => {
    const team = await newOperator('Order Team');
    const res = await call(siteDesignCalls.updateDesignOrderCall, as(team, { version: 0, headerItemOrder: ['news', 'home'], topItemOrder: ['popular', 'welcome'] }), team.token);
    expect(res.status).toBe(200);
    expect((res.body as DesignAnswer).design).toMatchObject({ headerItemOrder: ['news', 'home'], topItemOrder: ['popular', 'welcome'] });
    const pub = await call(siteDesignCalls.getPublicDesignCall, { teamId: team.teamId });
    expect(pub.body).toMatchObject({ headerItemOrder: ['news', 'home'], topItemOrder: ['popular', 'welcome'] });
  });

  it('answers 400 for a duplicate or malformed key', async () => {
    const dup = await call(siteDesignCalls.updateDesignOrderCall, as(beta, { version: 0, headerItemOrder: ['home', 'home'], topItemOrder: [] }), beta.token);
    expect(dup.status).toBe(400);
    expect(dup.body.error?.fields).toEqual({ headerItemOrder: 'validation/invalid_value' });
    const bad = await call(siteDesignCalls.updateDesignOrderCall, as(beta, { version: 0, headerItemOrder: [], topItemOrder: ['<script>'] }), beta.token);
    expect(bad.status).toBe(400);
    expect(bad.body.error?.fields).toEqual({ 'topItemOrder.0': 'validation/invalid_value' });
  });

  it("answers 403 to a non-designer and for another team's id", async () => {
    const member = await newPerson(alpha.teamId, 'member');
    const input = { version: 0, headerItemOrder: [], topItemOrder: [] };
    expect((await call(siteDesignCalls.updateDesignOrderCall, as(member, input), member.token)).status).toBe(403);
    expect((await call(siteDesignCalls.updateDesignOrderCall, { operatedTeamId: beta.teamId, operatedUserId: alpha.userId, ...input }, alpha.token)).status).toBe(403);
  });
});

describe('POST /api/settings/design/update_lp and the public design', () => {
  it('shows the overview and a public intro video only while public access is on', async () => {
    const team = await newOperator('Landing Team');
    const videoId = await readyVideo(team, { title: 'Intro lesson', overview: '', status: 'public', isPublic: true });
    const saved = await call(siteDesignCalls.updateDesignLandingCall, as(team, { version: 0, overview: 'Learn with us', introVideoId: videoId }), team.token);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    const closed = await call(siteDesignCalls.getPublicDesignCall, { teamId: team.teamId });
    expect(closed.body).toMatchObject({ publicAccess: false });
    expect(closed.body).not.toHaveProperty('landing');

    await putSiteSettings({ ...(await getSiteSettings(team.teamId)), catalogPublic: true });
    const open = await call(siteDesignCalls.getPublicDesignCall, { teamId: team.teamId });
    expect((open.body as PublicDesign).landing).toEqual({ overview: 'Learn with us', introVideo: { videoId, title: 'Intro lesson' }, bannerUrl: null, topImages: [] });
  });

  it('never shows a private intro video', async () => {
    const team = await newOperator('Private Intro Team');
    const videoId = await readyVideo(team, { title: 'Members only', overview: '', status: 'private' });
    expect((await call(siteDesignCalls.updateDesignLandingCall, as(team, { version: 0, overview: '', introVideoId: videoId }), team.token)).status).toBe(200);
    await putSiteSettings({ ...(await getSiteSettings(team.teamId)), catalogPublic: true });
    const open = await call(siteDesignCalls.getPublicDesignCall, { teamId: team.teamId });
    expect((open.body as PublicDesign).landing).toEqual({ overview: '', introVideo: null, bannerUrl: null, topImages: [] });
  });

  it("answers 404 video/not_found for another team's video, saving nothing", async () => {
    const betaVideo = await readyVideo(beta, { title: 'Beta lesson', overview: '', status: 'public', isPublic: true });
    const res = await call(siteDesignCalls.updateDesignLandingCall, as(alpha, { version: 0, overview: 'x', introVideoId: betaVideo }), alpha.token);
    expect(res.status).toBe(404);
    expect(res.body.error?.fields).toEqual({ introVideoId: 'video/not_found' });
    expect(JSON.stringify(res.body)).not.toContain('Beta lesson');
    expect((await getDesign(alpha.teamId)).design.overview).toBe('');
  });

  it('answers 400 for a too long overview and a malformed video id; 403 to a non-designer', async () => {
    const long = await call(siteDesignCalls.updateDesignLandingCall, as(beta, { version: 0, overview: 'x'.repeat(2001), introVideoId: null }), beta.token);
    expect(long.status).toBe(400);
    expect(long.body.error?.fields).toEqual({ overview: 'validation/too_long' });
    const badId = await call(siteDesignCalls.updateDesignLandingCall, as(beta, { version: 0, overview: '', introVideoId: '../x' }), beta.token);
    expect(badId.status).toBe(400);
    expect(badId.body.error?.fields).toEqual({ introVideoId: 'validation/invalid_value' });
    const analyst = await newPerson(beta.teamId, 'admin', ['analyst']);
    expect((await call(siteDesignCalls.updateDesignLandingCall, as(analyst, { version: 0, overview: '', introVideoId: null }), analyst.token)).status).toBe(403);
  });

  it('answers 404 for an unknown team and 400 for a malformed id on the public call', async () => {
    const unknown = await call(siteDesignCalls.getPublicDesignCall, { teamId: '01ZZZZZZZZZZZZZZZZZZZZZZZZ' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error?.code).toBe('common/not_found');
    const bad = await call(siteDesignCalls.getPublicDesignCall, { teamId: 'T#x' });
    expect(bad.status).toBe(400);
    expect(bad.body.error?.fields).toEqual({ teamId: 'validation/invalid_value' });
  });
});

/** A 1x1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** Uploads a PNG as the web does (presigned PUT) and answers its key. */
async function uploadedImage(who: Caller): Promise<string> {
  const res = await call(siteDesignCalls.uploadDesignImageCall, as(who, { fileName: 'banner.png', contentType: 'image/png', sizeBytes: PNG.length }), who.token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const { key, url, headers } = res.body as { key: string; url: string; headers: Record<string, string> };
  expect(key.startsWith(`T/${who.teamId}/files/designImage/`)).toBe(true);
  const put = await fetch(url, { method: 'PUT', headers, body: PNG });
  expect(put.status).toBe(200);
  return key;
}

describe('design images: /settings/design/upload_image, update_images and the LP images', () => {
  it('stores uploaded page images and LP images; the public design answers signed addresses', async () => {
    const team = await newOperator('Image Team');
    const [login, banner, top] = await Promise.all([uploadedImage(team), uploadedImage(team), uploadedImage(team)]);
    const images = await call(siteDesignCalls.updateDesignImagesCall, as(team, { version: 0, pageImages: { ...siteDesignCalls.noPageImages(), login } }), team.token);
    expect(images.status, JSON.stringify(images.body)).toBe(200);
    const lp = await call(siteDesignCalls.updateDesignLandingCall, as(team, { version: 1, overview: '', introVideoId: null, bannerKey: banner, topImages: [{ key: top, linkUrl: 'https://example.com/course' }] }), team.token);
    expect(lp.status, JSON.stringify(lp.body)).toBe(200);
    expect((lp.body as DesignAnswer).design).toMatchObject({ bannerKey: banner, topImages: [{ key: top, linkUrl: 'https://example.com/course' }], pageImages: { login } });

    await putSiteSettings({ ...(await getSiteSettings(team.teamId)), catalogPublic: true });
    const pub = (await call(siteDesignCalls.getPublicDesignCall, { teamId: team.teamId })).body as PublicDesign;
    expect(pub.pageImages.invite).toBeNull();
    expect(pub.pageImages.login).toContain(encodeURI(login).split('/').pop());
    expect(pub.landing?.topImages).toEqual([{ url: expect.stringContaining(top.split('/').pop()!), linkUrl: 'https://example.com/course' }]);
    // The signed address serves the uploaded image.
    const image = await fetch(new URL(pub.landing!.bannerUrl!, inject('baseUrl')).href);
    expect(image.status).toBe(200);
  });

  it('answers 400 on the field for a key of another team, a key never uploaded and a bad link; nothing saved', async () => {
    const betaKey = await uploadedImage(beta);
    const cross = await call(siteDesignCalls.updateDesignImagesCall, as(alpha, { version: 0, pageImages: { ...siteDesignCalls.noPageImages(), login: betaKey } }), alpha.token);
    expect(cross.status).toBe(400);
    expect(cross.body.error?.fields).toEqual({ 'pageImages.login': 'validation/invalid_value' });
    const missing = `T/${alpha.teamId}/files/designImage/01NEVERUPLOADED000000000000.png`;
    const never = await call(siteDesignCalls.updateDesignLandingCall, as(alpha, { version: 0, overview: '', introVideoId: null, bannerKey: missing, topImages: [] }), alpha.token);
    expect(never.status).toBe(400);
    expect(never.body.error?.fields).toEqual({ bannerKey: 'validation/invalid_value' });
    const alphaKey = await uploadedImage(alpha);
    const link = await call(siteDesignCalls.updateDesignLandingCall, as(alpha, { version: 0, overview: '', introVideoId: null, bannerKey: null, topImages: [{ key: alphaKey, linkUrl: 'javascript:alert(1)' }] }), alpha.token);
    expect(link.status).toBe(400);
    expect(link.body.error?.fields).toEqual({ 'topImages.0.linkUrl': 'validation/invalid_url' });
    expect((await getDesign(alpha.teamId)).design.pageImages.login).toBeNull();
  });

  it('refuses a file type or size the design image kind does not take, and callers without the designer category', async () => {
    const svg = await call(siteDesignCalls.uploadDesignImageCall, as(beta, { fileName: 'logo.svg', contentType: 'image/svg+xml', sizeBytes: 100 }), beta.token);
    expect(svg.status).toBe(400);
    const big = await call(siteDesignCalls.uploadDesignImageCall, as(beta, { fileName: 'big.png', contentType: 'image/png', sizeBytes: 6 * 1024 ** 2 }), beta.token);
    expect(big.status).toBe(400);
    const analyst = await newPerson(beta.teamId, 'admin', ['analyst']);
    expect((await call(siteDesignCalls.uploadDesignImageCall, as(analyst, { fileName: 'a.png', contentType: 'image/png', sizeBytes: 10 }), analyst.token)).status).toBe(403);
    expect((await call(siteDesignCalls.updateDesignImagesCall, as(analyst, { version: 0, pageImages: siteDesignCalls.noPageImages() }), analyst.token)).status).toBe(403);
  });
});

describe('design images of every page kind (SPEC §2 public and authentication pages, member home, catalog top)', () => {
  const { designPageKinds, noPageImages } = siteDesignCalls;
  const newKinds = ['resetPassword', 'twoFactor', 'emailVerification', 'unapproved', 'enquete', 'entry', 'memberTop'] as const;

  it('saves an image for each kind and reads every one back, in the editor and as signed addresses in the public design', async () => {
    expect(designPageKinds).toEqual(expect.arrayContaining(['login', 'invite', 'catalogTop', ...newKinds]));
    const team = await newOperator('All Kinds Team');
    const keys = await Promise.all(designPageKinds.map(() => uploadedImage(team)));
    const pageImages = Object.fromEntries(designPageKinds.map((kind, i) => [kind, keys[i]!]));
    const saved = await call(siteDesignCalls.updateDesignImagesCall, as(team, { version: 0, pageImages }), team.token);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((saved.body as DesignAnswer).design.pageImages).toEqual(pageImages);

    const read = await call(siteDesignCalls.getDesignCall, as(team), team.token);
    expect((read.body as DesignAnswer)).toMatchObject({ version: 1, design: { pageImages } });
    const pub = (await call(siteDesignCalls.getPublicDesignCall, { teamId: team.teamId })).body as PublicDesign;
    expect(Object.keys(pub.pageImages).sort()).toEqual([...designPageKinds].sort());
    for (const [i, kind] of designPageKinds.entries()) expect(pub.pageImages[kind], kind).toContain(keys[i]!.split('/').pop());
    const image = await fetch(new URL(pub.pageImages.memberTop!, inject('baseUrl')).href);
    expect(image.status).toBe(200);

    // Removing one kind's image leaves the others.
    const cleared = await call(siteDesignCalls.updateDesignImagesCall, as(team, { version: 1, pageImages: { ...pageImages, resetPassword: null } }), team.token);
    expect(cleared.status).toBe(200);
    expect((await getDesign(team.teamId)).design.pageImages).toEqual({ ...pageImages, resetPassword: null });
  });

  it('reads a design stored before the new kinds existed with each of them null, keeping its own images', async () => {
    const team = await newOperator('Old Design Team');
    const login = await uploadedImage(team);
    // The shape an earlier release stored: only the first three kinds.
    await updateDesign(team.teamId, 0, { pageImages: { login, invite: null, catalogTop: null } as unknown as siteDesignCalls.DesignPageImages });
    const expected = { ...noPageImages(), login };
    expect((await getDesign(team.teamId)).design.pageImages).toEqual(expected);
    const read = await call(siteDesignCalls.getDesignCall, as(team), team.token);
    expect((read.body as DesignAnswer).design.pageImages).toEqual(expected);
    const pub = (await call(siteDesignCalls.getPublicDesignCall, { teamId: team.teamId })).body as PublicDesign;
    for (const kind of newKinds) expect(pub.pageImages[kind], kind).toBeNull();
    expect(pub.pageImages.login).toContain(login.split('/').pop());
    // The editor saves from it as usual.
    const next = await call(siteDesignCalls.updateDesignImagesCall, as(team, { version: 1, pageImages: { ...expected, memberTop: login } }), team.token);
    expect(next.status, JSON.stringify(next.body)).toBe(200);
    expect((await getDesign(team.teamId)).design.pageImages).toEqual({ ...expected, memberTop: login });
  });

  it('answers 400 on the field for a key of another team, of another upload kind, never uploaded or a kind left out; nothing saved', async () => {
    const team = await newOperator('Bad Kinds Team');
    const other = await newOperator('Other Kinds Team');
    const otherKey = await uploadedImage(other);
    const cross = await call(siteDesignCalls.updateDesignImagesCall, as(team, { version: 0, pageImages: { ...noPageImages(), memberTop: otherKey } }), team.token);
    expect(cross.status).toBe(400);
    expect(cross.body.error?.fields).toEqual({ 'pageImages.memberTop': 'validation/invalid_value' });
    expect(JSON.stringify(cross.body)).not.toContain(other.teamId);

    const wrongKind = await call(siteDesignCalls.updateDesignImagesCall, as(team, { version: 0, pageImages: { ...noPageImages(), resetPassword: `T/${team.teamId}/files/thumbnail/01AAAAAAAAAAAAAAAAAAAAAAAA.png` } }), team.token);
    expect(wrongKind.status).toBe(400);
    expect(wrongKind.body.error?.fields).toEqual({ 'pageImages.resetPassword': 'validation/invalid_value' });

    const never = await call(siteDesignCalls.updateDesignImagesCall, as(team, { version: 0, pageImages: { ...noPageImages(), twoFactor: `T/${team.teamId}/files/designImage/01NEVERUPLOADED000000000000.png` } }), team.token);
    expect(never.status).toBe(400);
    expect(never.body.error?.fields).toEqual({ 'pageImages.twoFactor': 'validation/invalid_value' });

    const { enquete: _left, ...missing } = noPageImages();
    const leftOut = await call(siteDesignCalls.updateDesignImagesCall, as(team, { version: 0, pageImages: missing }), team.token);
    expect(leftOut.status).toBe(400);
    expect(leftOut.body.error?.fields).toEqual({ 'pageImages.enquete': 'validation/required' });

    const notObject = await call(siteDesignCalls.updateDesignImagesCall, as(team, { version: 0, pageImages: 'x' }), team.token);
    expect(notObject.status).toBe(400);
    expect(notObject.body.error?.fields).toEqual({ pageImages: 'validation/invalid_value' });
    expect(await getDesign(team.teamId)).toEqual({ design: siteDesignCalls.defaultDesign, version: 0 });
  });

  it('drops a kind it does not know (never stored, never answered)', async () => {
    const team = await newOperator('Unknown Kind Team');
    const key = await uploadedImage(team);
    const res = await call(siteDesignCalls.updateDesignImagesCall, as(team, { version: 0, pageImages: { ...noPageImages(), footer: key } }), team.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((res.body as DesignAnswer).design.pageImages).toEqual(noPageImages());
    expect((await getDesign(team.teamId)).design.pageImages).not.toHaveProperty('footer');
  });

  it("answers 403 to a member, an administrator without the designer category and for another team's id; nothing saved", async () => {
    const team = await newOperator('Role Kinds Team');
    const key = await uploadedImage(team);
    const input = { version: 0, pageImages: { ...noPageImages(), memberTop: key } };
    const member = await newPerson(team.teamId, 'member');
    const analyst = await newPerson(team.teamId, 'admin', ['analyst', 'siteManager']);
    expect((await call(siteDesignCalls.updateDesignImagesCall, as(member, input), member.token)).status).toBe(403);
    expect((await call(siteDesignCalls.updateDesignImagesCall, as(analyst, input), analyst.token)).status).toBe(403);
    const cross = await call(siteDesignCalls.updateDesignImagesCall, { operatedTeamId: team.teamId, operatedUserId: beta.userId, ...input }, beta.token);
    expect(cross.status).toBe(403);
    expect((await getDesign(team.teamId)).version).toBe(0);
  });
});
