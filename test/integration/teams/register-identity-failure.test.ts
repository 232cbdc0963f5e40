import '../support/platform-env';
import { ulid } from 'ulid';
import { describe, expect, it, vi } from 'vitest';
import { registerOperatorInput } from '../../../shared/api/calls/teams';
import { errorCatalogue } from '../../../shared/errors';
import { AppError } from '../../../lambdas/core/http/app-error';
import { getTeam } from '../../../lambdas/core/entities/team';
import { findIdentity } from '../../../lambdas/platform/identity';
import { registerOperator } from '../../../lambdas/teams/register-operator';
import { operatorInput } from '../support/api';

// The identity port as deployed, except that creating a user can be made to fail the way Cognito does when it is
// unavailable (the gateway's workers run the real port; this file calls the domain in-process).
const identityDown = vi.hoisted(() => ({ on: false }));
vi.mock('../../../lambdas/platform/identity', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../lambdas/platform/identity')>();
  return {
    ...real,
    createIdentity: async (...args: Parameters<typeof real.createIdentity>) => {
      if (identityDown.on) throw Object.assign(new Error('Service unavailable'), { name: 'InternalErrorException' });
      return real.createIdentity(...args);
    },
  };
});

describe('registerOperator when the identity service fails (SPEC §8 account creation failed)', () => {
  it('answers auth/account_creation_failed (502) and writes no team; the same input succeeds once it is back', async () => {
    const input = registerOperatorInput.parse(operatorInput());
    const teamId = ulid();
    identityDown.on = true;
    let error: unknown;
    try {
      await registerOperator(input, { newTeamId: () => teamId });
    } catch (e) {
      error = e;
    } finally {
      identityDown.on = false;
    }
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'auth/account_creation_failed', status: 502 });
    expect(errorCatalogue['auth/account_creation_failed']).toBe(502);
    // The cause stays on the error for the 5xx log line.
    expect((error as Error).cause).toMatchObject({ name: 'InternalErrorException' });
    expect(await getTeam(teamId)).toBeUndefined();
    expect(await findIdentity(input.email)).toBeUndefined();

    const retried = await registerOperator(input);
    expect(await findIdentity(input.email)).toBe(retried.userId);
    expect(await getTeam(retried.teamId)).toMatchObject({ siteName: input.siteName, plan: 'trial' });
  });

  it('still answers an address already in use as auth/email_already_registered (409), not as a failure', async () => {
    const first = registerOperatorInput.parse(operatorInput());
    await registerOperator(first);
    await expect(registerOperator({ ...first, siteName: 'Second' })).rejects.toMatchObject({
      code: 'auth/email_already_registered',
      status: 409,
    });
  });
});
