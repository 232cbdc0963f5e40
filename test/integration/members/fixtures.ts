import { expect } from 'vitest';
import { registerOperatorCall } from '../../../shared/api/calls/teams';
import type { AdminCategory } from '../../../shared/permissions';
import { transact } from '../../../lambdas/platform/db';
import { createIdentity } from '../../../lambdas/platform/identity';
import { putTeamUserOps, type TeamUser } from '../../../lambdas/core/entities/team-user';
import { call, operatorInput, signIn, uniqueEmail } from '../support/api';

export interface Person {
  teamId: string;
  userId: string;
  email: string;
  token: string;
  /** The team context every team call sends. */
  ctx: { operatedTeamId: string; operatedUserId: string };
}

export async function newOperator(siteName = 'Site'): Promise<Person> {
  const input = operatorInput({ siteName });
  const res = await call(registerOperatorCall, input);
  expect(res.status).toBe(200);
  const { teamId, userId } = res.body as { teamId: string; userId: string };
  const token = await signIn(input.email, input.password);
  return { teamId, userId, email: input.email, token, ctx: { operatedTeamId: teamId, operatedUserId: userId } };
}

/** A person written directly (members join by invitation in helper A's domain). */
export async function newPerson(
  teamId: string,
  fields: Partial<TeamUser> & { name?: string } = {},
  password = 'person-pass1',
): Promise<Person> {
  const email = fields.email ?? uniqueEmail(fields.role === 'admin' ? 'admin' : 'member');
  const name = fields.name ?? 'Member';
  const userId = await createIdentity(email, password, name);
  await transact(
    putTeamUserOps({
      teamId,
      userId,
      email,
      name,
      role: 'member',
      categories: [],
      disabled: false,
      createdAt: new Date().toISOString(),
      ...fields,
    }),
  );
  const token = await signIn(email, password);
  return { teamId, userId, email, token, ctx: { operatedTeamId: teamId, operatedUserId: userId } };
}

export const newAdmin = (teamId: string, categories: AdminCategory[], level: 'super' | 'normal' = 'normal', name = 'Admin') =>
  newPerson(teamId, { role: 'admin', adminLevel: level, categories, name });
