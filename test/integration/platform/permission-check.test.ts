import '../support/platform-env';
import * as z from 'zod/mini';
import { beforeAll, describe, expect, it } from 'vitest';
import { createHttpHandler } from '../../../lambdas/core/http/create-handler';
import { implement } from '../../../lambdas/core/http/implement';
import { setTeamPlan } from '../../../lambdas/core/entities/team';
import { defineCall } from '../../../shared/api/define';
import { newOperator, newPerson, type Caller } from '../content/people';
import { invokeHandler } from '../support/invoke';

/**
 * The middleware decides a call's permission from shared/permissions.ts, reading the caller, the site settings and
 * the team (plan) once. No product call needs a plan yet, so this declares one for the test: SAML/OIDC sign-in
 * settings (`admin.site.externalLogin`, Pro or above).
 */
const externalLoginCall = defineCall<z.ZodMiniObject<{}>, { ok: boolean; plan: string }>()({
  path: '/settings/external_login_probe',
  domain: 'settings',
  permission: 'admin.site.externalLogin',
  input: z.object({}),
});
const handler = createHttpHandler([implement(externalLoginCall, async (_input, ctx) => ({ ok: true, plan: ctx.team!.plan }))]);

const invoke = (caller: Caller) => invokeHandler<{ ok?: boolean; plan?: string; error?: { code: string } }>(handler, externalLoginCall.path, caller);

let operator: Caller;
let designer: Caller;
beforeAll(async () => {
  operator = await newOperator('Plan Check');
  designer = await newPerson(operator.ctx.operatedTeamId, 'admin', ['designer']);
});

describe('permission check with a minimum plan', () => {
  it('lets a site manager use it on trial and Pro (the handler sees the plan it was decided on)', async () => {
    expect(await invoke(operator)).toEqual({ status: 200, body: { ok: true, plan: 'trial' } });
    await setTeamPlan(operator.ctx.operatedTeamId, 'pro');
    expect(await invoke(operator)).toEqual({ status: 200, body: { ok: true, plan: 'pro' } });
  });

  it('refuses it on Basic as a plan restriction, and to a designer as no authority', async () => {
    await setTeamPlan(operator.ctx.operatedTeamId, 'basic');
    expect(await invoke(operator)).toEqual({ status: 403, body: { error: { code: 'plan/feature_unavailable' } } });
    expect(await invoke(designer)).toEqual({ status: 403, body: { error: { code: 'common/no_operation_authority' } } });
  });
});
