import { expect } from 'vitest';
import { registerOperatorCall } from '../../../shared/api/calls/teams';
import { createInviteCall, type InviteFormInput, type InviteKind } from '../../../shared/api/calls/invites';
import type { AdminCategory } from '../../../shared/permissions';
import { transact } from '../../../lambdas/platform/db';
import { createIdentity } from '../../../lambdas/platform/identity';
import { putTeamUserOps } from '../../../lambdas/core/entities/team-user';
import { call, operatorInput, signIn, uniqueEmail } from '../support/api';

export interface Actor {
  teamId: string;
  userId: string;
  token: string;
  email: string;
  password: string;
}

/** The body fields every team call carries (SPEC §6). */
export const as = (actor: Actor, input: Record<string, unknown> = {}) => ({
  ...input,
  operatedTeamId: actor.teamId,
  operatedUserId: actor.userId,
});

export async function newOperator(siteName = 'Invite Academy'): Promise<Actor> {
  const input = operatorInput({ siteName });
  const res = await call(registerOperatorCall, input);
  expect(res.status).toBe(200);
  const { teamId, userId } = res.body as { teamId: string; userId: string };
  return { teamId, userId, email: input.email, password: input.password, token: await signIn(input.email, input.password) };
}

/** A person placed in a team directly (not by invitation): a member, or an administrator with given categories. */
export async function newTeamUser(
  teamId: string,
  role: { kind: 'member' } | { kind: 'admin'; categories: AdminCategory[] },
): Promise<Actor> {
  const email = uniqueEmail(role.kind);
  const password = 'someone-pass1';
  const userId = await createIdentity(email, password, 'Someone');
  await transact(
    putTeamUserOps({
      teamId,
      userId,
      email,
      name: 'Someone',
      role: role.kind,
      ...(role.kind === 'admin' ? { adminLevel: 'normal' as const, categories: role.categories } : { categories: [] }),
      disabled: false,
      createdAt: new Date().toISOString(),
    }),
  );
  return { teamId, userId, email, password, token: await signIn(email, password) };
}

type TeamUserRole = Parameters<typeof newTeamUser>[1];

/** A file's two teams, `Alpha <label>` (with `people` placed in it, in order) and `Beta <label>` (the other team). */
export async function teamsWith<const R extends readonly TeamUserRole[]>(
  label: string,
  ...people: R
): Promise<[Actor, Actor, ...{ [K in keyof R]: Actor }]> {
  const [alpha, beta] = await Promise.all([newOperator(`Alpha ${label}`), newOperator(`Beta ${label}`)]);
  const placed = await Promise.all(people.map((role) => newTeamUser(alpha.teamId, role)));
  return [alpha, beta, ...placed] as unknown as [Actor, Actor, ...{ [K in keyof R]: Actor }];
}

export const inFuture = (ms: number) => new Date(Date.now() + ms).toISOString();

export async function createInvite(
  admin: Actor,
  input: Partial<InviteFormInput> & { kind?: InviteKind } = {},
): Promise<string> {
  const res = await call(createInviteCall, as(admin, { title: 'Spring cohort', maxRegistrations: null, ...input }), admin.token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body as { inviteId: string }).inviteId;
}

export const joinInput = (inviteId: string, overrides: Record<string, unknown> = {}) => ({
  inviteId,
  kind: 'user',
  email: uniqueEmail('joiner'),
  password: 'joiner-pass1',
  passwordConfirmation: 'joiner-pass1',
  name: 'Taro Suzuki',
  language: 'en',
  ...overrides,
});
