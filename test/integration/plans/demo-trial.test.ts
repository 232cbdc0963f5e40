import '../support/platform-env';
import { describe, expect, it } from 'vitest';
import { getAdminContextCall, type AdminContext } from '../../../shared/api/calls/teams';
import { getConnectionCall } from '../../../shared/api/calls/payments';
import { TRIAL_DAYS } from '../../../shared/constants';
import { getTeam, setTeamPlan, setTeamTrialEnd } from '../../../lambdas/core/entities/team';
import { keepTrialOpen } from '../../../local/seed';
import { newOperator } from '../content/people';
import { call } from '../support/api';

/** Issue 30: the seeded demo tried again weeks later is not found locked; a chosen plan is left alone. */
describe('the demo trial follows the start', () => {
  it('gives a lapsed trial a whole trial from the start, and the gate opens again', async () => {
    const team = await newOperator('Demo again');
    await setTeamTrialEnd(team.teamId, new Date(Date.now() - 60_000).toISOString());
    const lapsed = (await call(getAdminContextCall, team.ctx, team.token)).body as unknown as AdminContext;
    expect(lapsed.team).toMatchObject({ trialDaysRemaining: 0, gate: 'not_subscribe' });
    expect((await call(getConnectionCall, team.ctx, team.token)).status).toBe(403);
    const start = new Date();
    await keepTrialOpen(team.teamId, start);
    expect((await getTeam(team.teamId))?.trialEndsAt).toBe(new Date(start.getTime() + TRIAL_DAYS * 86_400_000).toISOString());
    const open = (await call(getAdminContextCall, team.ctx, team.token)).body as unknown as AdminContext;
    expect(open.team.trialDaysRemaining).toBe(TRIAL_DAYS);
    expect(open.team.gate).toBeUndefined();
    expect((await call(getConnectionCall, team.ctx, team.token)).status).toBe(200);
  });

  it('never shortens a trial and leaves a chosen plan alone', async () => {
    const team = await newOperator('Demo planned');
    const later = new Date(Date.now() + 30 * 86_400_000).toISOString();
    await setTeamTrialEnd(team.teamId, later);
    await keepTrialOpen(team.teamId, new Date());
    expect((await getTeam(team.teamId))?.trialEndsAt).toBe(later);
    await setTeamPlan(team.teamId, 'basic');
    const lapsed = new Date(Date.now() - 60_000).toISOString();
    await setTeamTrialEnd(team.teamId, lapsed);
    await keepTrialOpen(team.teamId, new Date());
    expect(await getTeam(team.teamId)).toMatchObject({ plan: 'basic', trialEndsAt: lapsed });
  });
});
