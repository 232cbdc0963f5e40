import '../support/platform-env';
import { beforeAll, describe, expect, it } from 'vitest';
import { getAppSettingsCall, updateAppSettingsCall, type AppSettingsAnswer } from '../../../shared/api/calls/app-settings';
import { getPublicDesignCall } from '../../../shared/api/calls/site-design';
import { getAppSettings } from '../../../lambdas/settings/app-settings';
import { call } from '../support/api';
import { newOperator, newPerson, type Caller } from '../content/people';

let alpha: Caller;
let beta: Caller;
beforeAll(async () => {
  [alpha, beta] = await Promise.all([newOperator('Alpha App'), newOperator('Beta App')]);
});

const as = (who: Caller, input: Record<string, unknown> = {}) => ({ ...who.ctx, ...input });

describe('POST /api/settings/app/get and /settings/app/update', () => {
  it('answers the defaults at version 0, then saves versioned; member pages get the values', async () => {
    const team = await newOperator('App Save Team');
    const first = await call(getAppSettingsCall, as(team), team.token);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ appSettings: { memberLanguage: '', afterLoginPath: '' }, version: 0 });

    const saved = await call(updateAppSettingsCall, as(team, { version: 0, memberLanguage: 'en', afterLoginPath: 'videos/newer' }), team.token);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toEqual({ appSettings: { memberLanguage: 'en', afterLoginPath: 'videos/newer' }, version: 1 });
    expect((await call(getAppSettingsCall, as(team), team.token)).body).toEqual(saved.body as AppSettingsAnswer);
    expect((await call(getPublicDesignCall, { teamId: team.teamId })).body).toMatchObject({ memberLanguage: 'en', afterLoginPath: 'videos/newer' });

    const stale = await call(updateAppSettingsCall, as(team, { version: 0, memberLanguage: 'ja', afterLoginPath: '' }), team.token);
    expect(stale.status).toBe(409);
    expect(stale.body.error?.code).toBe('common/concurrent_update');
    expect((await getAppSettings(team.teamId)).appSettings.memberLanguage).toBe('en');
  });

  it('answers 400 naming the field: an unknown language, a path leaving the member area', async () => {
    const lang = await call(updateAppSettingsCall, as(beta, { version: 0, memberLanguage: 'fr', afterLoginPath: '' }), beta.token);
    expect(lang.status).toBe(400);
    expect(lang.body.error?.fields).toEqual({ memberLanguage: 'validation/invalid_value' });
    for (const afterLoginPath of ['../admin', '//evil.example.com', 'https://evil.example.com', '/news']) {
      const res = await call(updateAppSettingsCall, as(beta, { version: 0, memberLanguage: 'ja', afterLoginPath }), beta.token);
      expect(res.status, afterLoginPath).toBe(400);
      expect(res.body.error?.fields, afterLoginPath).toEqual({ afterLoginPath: 'validation/invalid_value' });
    }
    expect((await getAppSettings(beta.teamId)).version).toBe(0);
  });

  it("answers 403 to a member, a non-site-manager and for another team's id, changing nothing", async () => {
    const member = await newPerson(alpha.teamId, 'member');
    const designer = await newPerson(alpha.teamId, 'admin', ['designer']);
    const input = { version: 0, memberLanguage: 'en', afterLoginPath: '' };
    expect((await call(getAppSettingsCall, as(member), member.token)).status).toBe(403);
    expect((await call(updateAppSettingsCall, as(designer, input), designer.token)).status).toBe(403);
    const cross = await call(updateAppSettingsCall, { operatedTeamId: beta.teamId, operatedUserId: alpha.userId, ...input }, alpha.token);
    expect(cross.status).toBe(403);
    const crossRead = await call(getAppSettingsCall, { operatedTeamId: beta.teamId, operatedUserId: alpha.userId }, alpha.token);
    expect(crossRead.status).toBe(403);
    expect(crossRead.body).not.toHaveProperty('appSettings');
    expect((await getAppSettings(beta.teamId)).version).toBe(0);
  });
});
