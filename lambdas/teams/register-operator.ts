import { ulid } from 'ulid';
import type { z } from 'zod/mini';
import type { registerOperatorInput } from '../../shared/api/calls/teams';
import { adminCategories } from '../../shared/permissions';
import { TRIAL_DAYS, TRIAL_UPLOAD_BYTES } from '../../shared/constants';
import { transact } from '../platform/db';
import { deleteIdentity, IdentityExistsError } from '../platform/identity';
import { newIdentity } from '../core/access/new-identity';
import { AppError } from '../core/http/app-error';
import { putTeamOp, type Team } from '../core/entities/team';
import { putTeamUserOps } from '../core/entities/team-user';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * SPEC §2 /register: the Cognito user, the team (trial) and its super administrator, as one outcome. A failing identity
 * service is `auth/account_creation_failed` (502), before any table write.
 * The table writes are one transaction; if it fails the Cognito user is removed again, so no team without an
 * administrator is ever left behind; an identity left by a process stopped in between is taken over by the next
 * registration or join with its address (new-identity.ts).
 */
export async function registerOperator(
  input: z.output<typeof registerOperatorInput>,
  opts: { now?: Date; newTeamId?: () => string } = {},
): Promise<{ teamId: string; userId: string }> {
  const now = opts.now ?? new Date();
  let userId: string;
  let created: boolean;
  try {
    ({ userId, created } = await newIdentity(input.email, input.password, input.name));
  } catch (e) {
    if (e instanceof IdentityExistsError) throw new AppError('auth/email_already_registered', { email: 'auth/email_already_registered' });
    // SPEC §8 "account creation failed": the identity service refused or failed after the input was valid; nothing
    // of the team was written yet (the cause is logged with the 502).
    throw Object.assign(new AppError('auth/account_creation_failed'), { cause: e });
  }
  const teamId = (opts.newTeamId ?? ulid)();
  const createdAt = now.toISOString();
  const team: Team = {
    teamId,
    siteName: input.siteName,
    companyName: input.companyName,
    phone: input.phone,
    language: input.language,
    plan: 'trial',
    trialEndsAt: new Date(now.getTime() + TRIAL_DAYS * DAY_MS).toISOString(),
    uploadQuotaBytes: TRIAL_UPLOAD_BYTES,
    createdAt,
  };
  try {
    await transact([
      putTeamOp(team),
      ...putTeamUserOps({
        teamId,
        userId,
        email: input.email,
        name: input.name,
        role: 'admin',
        adminLevel: 'super',
        categories: [...adminCategories],
        disabled: false,
        createdAt,
      }),
    ]);
  } catch (e) {
    if (created) await deleteIdentity(input.email);
    throw e;
  }
  return { teamId, userId };
}

/** Whole days left in the trial, never negative. */
export function trialDaysRemaining(trialEndsAt: string, now = new Date()): number {
  return Math.max(0, Math.ceil((Date.parse(trialEndsAt) - now.getTime()) / DAY_MS));
}
