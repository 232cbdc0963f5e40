import '../support/platform-env';
import { beforeAll, describe, expect, it } from 'vitest';
import { getBasicInfoCall, updateBasicInfoCall, uploadSiteImageCall, type BasicInfo, type BasicInfoAnswer } from '../../../shared/api/calls/basic-info';
import { getPublicDesignCall, type PublicDesign } from '../../../shared/api/calls/site-design';
import { getBasicSettings } from '../../../lambdas/core/entities/basic-info';
import { getTeam } from '../../../lambdas/core/entities/team';
import { call } from '../support/api';
import { newOperator, newPerson, type Caller } from '../content/people';

let alpha: Caller;
let beta: Caller;
beforeAll(async () => {
  [alpha, beta] = await Promise.all([newOperator('Alpha Basic'), newOperator('Beta Basic')]);
});

const as = (who: Caller, input: Record<string, unknown> = {}) => ({ ...who.ctx, ...input });
const info: BasicInfo = {
  siteName: 'Renamed Academy',
  companyName: 'Renamed Inc.',
  phone: '03-9876-5432',
  description: 'Videos for learners.',
  domain: 'video.example.com',
  senderEmail: 'news@example.com',
  footerLinks: [{ label: 'Terms', url: 'https://example.com/terms' }],
  socialLinks: [{ kind: 'youtube', url: 'https://youtube.com/@example' }],
  defaultSort: { order: 'releaseDate', direction: 'asc' },
  analyticsTagId: 'G-ABC123XYZ',
  tagManagerId: 'GTM-AB12CD3',
  logoKey: null,
  faviconKey: null,
};

describe('POST /api/settings/basic_info/get', () => {
  it("answers the team's own fields and the defaults at version 0", async () => {
    const res = await call(getBasicInfoCall, as(beta), beta.token);
    expect(res.status).toBe(200);
    const body = res.body as BasicInfoAnswer;
    expect(body.version).toBe(0);
    expect(body.basicInfo).toMatchObject({ siteName: 'Beta Basic', description: '', analyticsTagId: '', tagManagerId: '', footerLinks: [] });
  });

  it('answers 403 to a member, to an administrator without the site manager category and for another team', async () => {
    const member = await newPerson(alpha.teamId, 'member');
    const designer = await newPerson(alpha.teamId, 'admin', ['designer']);
    expect((await call(getBasicInfoCall, as(member), member.token)).status).toBe(403);
    expect((await call(getBasicInfoCall, as(designer), designer.token)).status).toBe(403);
    const cross = await call(getBasicInfoCall, { operatedTeamId: beta.teamId, operatedUserId: alpha.userId }, alpha.token);
    expect(cross.status).toBe(403);
    expect(JSON.stringify(cross.body)).not.toContain('Beta Basic');
  });
});

describe('POST /api/settings/basic_info/update', () => {
  it('saves the team fields on the team and the rest versioned; member pages get the tags and links', async () => {
    const team = await newOperator('Basic Save Team');
    const res = await call(updateBasicInfoCall, as(team, { version: 0, ...info }), team.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ basicInfo: info, version: 1 });
    expect(await getTeam(team.teamId)).toMatchObject({ siteName: info.siteName, companyName: info.companyName, phone: info.phone });
    expect((await getBasicSettings(team.teamId)).settings).toMatchObject({ domain: info.domain, analyticsTagId: info.analyticsTagId });
    const read = await call(getBasicInfoCall, as(team), team.token);
    expect(read.body).toEqual({ basicInfo: info, version: 1 });

    const pub = (await call(getPublicDesignCall, { teamId: team.teamId })).body as PublicDesign;
    expect(pub).toMatchObject({ siteName: info.siteName, analyticsTagId: info.analyticsTagId, tagManagerId: info.tagManagerId, footerLinks: info.footerLinks, socialLinks: info.socialLinks });
    expect(pub).not.toHaveProperty('senderEmail');
    expect(pub).not.toHaveProperty('phone');

    const stale = await call(updateBasicInfoCall, as(team, { version: 0, ...info, siteName: 'Stale' }), team.token);
    expect(stale.status).toBe(409);
    expect(stale.body.error?.code).toBe('common/concurrent_update');
    expect((await getTeam(team.teamId))?.siteName).toBe(info.siteName);
  });

  it('answers 400 naming each field of the wrong shape, saving nothing', async () => {
    const cases: [Partial<BasicInfo> | Record<string, unknown>, Record<string, string>][] = [
      [{ analyticsTagId: 'UA-12345-1' }, { analyticsTagId: 'validation/invalid_analytics_tag_id' }],
      [{ tagManagerId: 'GTM_123' }, { tagManagerId: 'validation/invalid_tag_manager_id' }],
      [{ domain: 'https://video.example.com' }, { domain: 'validation/invalid_domain' }],
      [{ senderEmail: 'not-an-address' }, { senderEmail: 'validation/invalid_email' }],
      [{ footerLinks: [{ label: 'x', url: 'javascript:alert(1)' }] }, { 'footerLinks.0.url': 'validation/invalid_url' }],
      [{ socialLinks: [{ kind: 'myspace', url: 'https://example.com' }] }, { 'socialLinks.0.kind': 'validation/invalid_value' }],
      [{ siteName: '' }, { siteName: 'validation/required' }],
      [{ defaultSort: { order: 'random', direction: 'asc' } }, { 'defaultSort.order': 'validation/invalid_value' }],
    ];
    for (const [change, fields] of cases) {
      const res = await call(updateBasicInfoCall, as(beta, { version: 0, ...info, ...change }), beta.token);
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(res.body.error?.fields, JSON.stringify(change)).toEqual(fields);
    }
    expect((await getBasicSettings(beta.teamId)).version).toBe(0);
    expect((await getTeam(beta.teamId))?.siteName).toBe('Beta Basic');
  });

  it("answers 403 to a non-site-manager and for another team's id, changing nothing there", async () => {
    const designer = await newPerson(alpha.teamId, 'admin', ['designer']);
    expect((await call(updateBasicInfoCall, as(designer, { version: 0, ...info }), designer.token)).status).toBe(403);
    const cross = await call(updateBasicInfoCall, { operatedTeamId: beta.teamId, operatedUserId: alpha.userId, version: 0, ...info }, alpha.token);
    expect(cross.status).toBe(403);
    expect((await getTeam(beta.teamId))?.siteName).toBe('Beta Basic');
  });
});

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

async function uploadedLogo(who: Caller): Promise<string> {
  const res = await call(uploadSiteImageCall, as(who, { fileName: 'logo.png', contentType: 'image/png', sizeBytes: PNG.length }), who.token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const { key, url, headers } = res.body as { key: string; url: string; headers: Record<string, string> };
  expect((await fetch(url, { method: 'PUT', headers, body: PNG })).status).toBe(200);
  return key;
}

describe('logo and favicon: /settings/basic_info/upload_image', () => {
  it('saves uploaded images; member pages get signed addresses; another team\'s key is refused on its field', async () => {
    const team = await newOperator('Logo Team');
    const [logoKey, faviconKey] = await Promise.all([uploadedLogo(team), uploadedLogo(team)]);
    const res = await call(updateBasicInfoCall, as(team, { version: 0, ...info, logoKey, faviconKey }), team.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const pub = (await call(getPublicDesignCall, { teamId: team.teamId })).body as PublicDesign;
    expect(pub.logoUrl).toContain(logoKey.split('/').pop());
    expect(pub.faviconUrl).toContain(faviconKey.split('/').pop());

    const betaKey = await uploadedLogo(beta);
    const cross = await call(updateBasicInfoCall, as(alpha, { version: 0, ...info, logoKey: betaKey }), alpha.token);
    expect(cross.status).toBe(400);
    expect(cross.body.error?.fields).toEqual({ logoKey: 'validation/invalid_value' });
  });

  it('answers 400 for a type the kind does not take and 403 without the site manager category', async () => {
    const svg = await call(uploadSiteImageCall, as(beta, { fileName: 'logo.svg', contentType: 'image/svg+xml', sizeBytes: 100 }), beta.token);
    expect(svg.status).toBe(400);
    const designer = await newPerson(beta.teamId, 'admin', ['designer']);
    expect((await call(uploadSiteImageCall, as(designer, { fileName: 'a.png', contentType: 'image/png', sizeBytes: 10 }), designer.token)).status).toBe(403);
  });
});
