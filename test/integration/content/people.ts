import { expect } from 'vitest';
import type { CallDef } from '../../../shared/api/define';
import { registerOperatorCall } from '../../../shared/api/calls/teams';
import type { AdminCategory } from '../../../shared/permissions';
import { transact } from '../../../lambdas/platform/db';
import { createIdentity } from '../../../lambdas/platform/identity';
import { putTeamUserOps } from '../../../lambdas/core/entities/team-user';
import { call, operatorInput, signIn, uniqueEmail } from '../support/api';

/** Someone calling with a team context: body fields plus the bearer token. */
export interface Caller {
  teamId: string;
  userId: string;
  email: string;
  token: string;
  ctx: { operatedTeamId: string; operatedUserId: string };
}

const caller = (teamId: string, userId: string, email: string, token: string): Caller => ({
  teamId,
  userId,
  email,
  token,
  ctx: { operatedTeamId: teamId, operatedUserId: userId },
});

/** A new team and its super administrator (who holds contentsManager). */
export async function newOperator(siteName = 'Video Site'): Promise<Caller> {
  const input = operatorInput({ siteName });
  const res = await call(registerOperatorCall, input);
  expect(res.status).toBe(200);
  const { teamId, userId } = res.body as { teamId: string; userId: string };
  return caller(teamId, userId, input.email, await signIn(input.email, input.password));
}

/** A person written straight into the team (invitations are another issue's calls). */
export async function newPerson(teamId: string, role: 'member' | 'admin', categories: AdminCategory[] = []): Promise<Caller> {
  const email = uniqueEmail(role);
  const userId = await createIdentity(email, 'person-pass1', 'Person');
  await transact(
    putTeamUserOps({
      teamId,
      userId,
      email,
      name: 'Person',
      role,
      ...(role === 'admin' ? { adminLevel: 'normal' as const } : {}),
      categories,
      disabled: false,
      createdAt: new Date().toISOString(),
    }),
  );
  return caller(teamId, userId, email, await signIn(email, 'person-pass1'));
}

/** Calls `def` as `who` (or without a caller) with its team context, expects 200 and answers the body. */
export const ok = async <T = Record<string, unknown>>(who: Caller | undefined, def: CallDef, input: Record<string, unknown>): Promise<T> => {
  const res = await call(def, { ...(who?.ctx ?? {}), ...input }, who?.token);
  expect(res.status, `${def.path} ${JSON.stringify(res.body)}`).toBe(200);
  return res.body as T;
};
