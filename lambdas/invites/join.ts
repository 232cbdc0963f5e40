import type { z } from 'zod/mini';
import { checkCustomFieldAnswers } from '../../shared/api/calls/custom-fields';
import type { Invite, joinInput, JoinResult, PublicInvite } from '../../shared/api/calls/invites';
import { phoneSchema } from '../../shared/rules/account';
import { checkPassword } from '../../shared/rules/password';
import type { ErrorCode } from '../../shared/errors';
import { AppError } from '../core/http/app-error';
import { emitMemberEvent } from '../core/events/domain-events';
import { getGroup, joinGroupsOps } from '../core/entities/group';
import { ConditionFailedError } from '../platform/db';
import { deleteIdentity, findIdentity, IdentityExistsError, verifyPassword } from '../platform/identity';
import { newIdentity } from '../core/access/new-identity';
import { getSiteSettings } from '../core/entities/site-settings';
import { getTeam } from '../core/entities/team';
import { getTeamUser, listMemberships, putTeamUserOps, type TeamUser } from '../core/entities/team-user';
import { answerCountOps, listCustomFields } from '../core/entities/custom-field';
import { claimPlaceOp, findInviteTeam, getInvite } from '../core/entities/invite';
import { putRegistrationOp } from './registration';
import { transactWithRetry } from './transact-retry';
import { emitActivity } from '../core/events/domain-events';

const DAY_MS = 86_400_000;

/** Why an invitation cannot be used now (SPEC §8), or undefined when it can. */
export function unusableReason(invite: Invite, now: Date): ErrorCode | undefined {
  if (invite.deadline && Date.parse(invite.deadline) < now.getTime()) return 'invite/expired';
  if (invite.maxRegistrations !== null && invite.registeredCount >= invite.maxRegistrations) return 'invite/limit_reached';
  return undefined;
}

/** The invitation behind a join link, usable now, or the SPEC §8 reason it is not. */
async function usableInvite(inviteId: string, kind: Invite['kind'], now: Date): Promise<{ teamId: string; invite: Invite }> {
  const teamId = await findInviteTeam(inviteId);
  const invite = teamId ? await getInvite(teamId, inviteId, true) : undefined;
  // A user link opened as an admin link (or the reverse) is no invitation of that kind.
  if (!teamId || !invite || invite.kind !== kind) throw new AppError('invite/not_found');
  const reason = unusableReason(invite, now);
  if (reason) throw new AppError(reason);
  return { teamId, invite };
}

/** The fields a member invitation asks, in the team's order; fields deleted since are left out. */
async function askedFields(teamId: string, invite: Invite) {
  if (invite.kind !== 'user' || invite.customFieldIds.length === 0) return [];
  const asked = new Set(invite.customFieldIds);
  return (await listCustomFields(teamId)).filter((f) => asked.has(f.fieldId));
}

export async function getPublicInvite(inviteId: string, kind: Invite['kind'], now = new Date()): Promise<PublicInvite> {
  const { teamId, invite } = await usableInvite(inviteId, kind, now);
  const [team, settings, fields] = await Promise.all([getTeam(teamId), getSiteSettings(teamId), askedFields(teamId, invite)]);
  if (!team) throw new AppError('invite/not_found');
  return {
    inviteId,
    kind,
    teamId,
    siteName: team.siteName,
    title: invite.title,
    ...(invite.comment ? { comment: invite.comment } : {}),
    nameField: invite.nameField,
    phoneField: invite.kind === 'user' ? invite.phoneField : 'hidden',
    customFields: fields.map(({ fieldId, name, type, required, options }) => ({ fieldId, name, type, required, options })),
    prefillFromQuery: invite.prefillFromQuery,
    approvalRequired: invite.kind === 'user' && invite.approvalRequired,
    complexPassword: settings.complexPassword,
  };
}

/** Earliest of "N days after joining" and the invitation's fixed validity end. */
export function accountExpiry(invite: Pick<Invite, 'validDays' | 'validUntil'>, now: Date): string | undefined {
  const ends = [
    invite.validDays !== null ? now.getTime() + invite.validDays * DAY_MS : undefined,
    invite.validUntil ? Date.parse(invite.validUntil) : undefined,
  ].filter((t): t is number => t !== undefined);
  return ends.length ? new Date(Math.min(...ends)).toISOString() : undefined;
}

/**
 * SPEC §2 /join/user/:inviteId and /join/admin/:inviteId: a new member (or administrator) of the
 * invitation's team. The place on the invitation, the member's items, the group memberships and the
 * custom-field answer counts are one transaction, so the limit holds under concurrent joins.
 * When the team checks e-mail addresses the member starts unverified; the caller sends the link.
 */
export async function joinByInvite(input: z.output<typeof joinInput>, opts: { now?: Date } = {}): Promise<JoinResult> {
  const now = opts.now ?? new Date();
  const { teamId, invite } = await usableInvite(input.inviteId, input.kind, now);
  const isMember = invite.kind === 'user';
  const [settings, fields] = await Promise.all([getSiteSettings(teamId), askedFields(teamId, invite)]);

  // The invitation decides which fields are asked and which must be filled.
  const fieldErrors: Record<string, ErrorCode> = {};
  const name = input.name?.trim() ?? '';
  if (invite.nameField === 'required' && name === '') fieldErrors.name = 'validation/required';
  const phone = isMember && invite.phoneField !== 'hidden' ? (input.phone?.trim() ?? '') : '';
  if (isMember && invite.phoneField === 'required' && phone === '') fieldErrors.phone = 'validation/required';
  if (phone !== '' && !phoneSchema.safeParse(phone).success) fieldErrors.phone = 'validation/invalid_phone';
  const answers = checkCustomFieldAnswers(fields, input.customFields);
  for (const issue of answers.issues) fieldErrors[issue.path.join('.')] = issue.code;
  if (Object.keys(fieldErrors).length) throw new AppError('common/invalid_input', fieldErrors);

  // A person already in another team proves the account with its password; a new one gets an account (or the
  // identity an interrupted join left in no team: teams/new-identity.ts).
  const found = await findIdentity(input.email);
  const memberships = found === undefined ? [] : await listMemberships(found);
  const existingAccount = found !== undefined && memberships.length > 0;
  let userId: string;
  let created = false;
  if (existingAccount) {
    if (!(await verifyPassword(input.email, input.password))) {
      throw new AppError('auth/wrong_password', { password: 'auth/wrong_password' });
    }
    if (await getTeamUser(teamId, found)) throw new AppError('auth/already_in_team');
    // SPEC §8: an operator's account administers its site; it does not also join another site as a member.
    if (isMember && memberships.some((m) => m.role === 'admin')) throw new AppError('auth/admin_of_another_team');
    userId = found;
  } else {
    const weak = checkPassword(input.password, { complex: settings.complexPassword });
    if (weak) throw new AppError('common/invalid_input', { password: weak });
    try {
      ({ userId, created } = await newIdentity(input.email, input.password, name || input.email));
    } catch (e) {
      if (e instanceof IdentityExistsError) throw new AppError('auth/join_failed');
      throw e;
    }
  }

  const createdAt = now.toISOString();
  const pending = isMember && invite.approvalRequired;
  const emailVerified = !(isMember && settings.emailValidityCheck);
  // Groups deleted since the invitation was made are skipped rather than failing the join.
  const groupIds = isMember
    ? (await Promise.all(invite.groupIds.map((g) => getGroup(teamId, g)))).flatMap((g) => (g ? [g.groupId] : []))
    : [];
  const expiresAt = isMember ? accountExpiry(invite, now) : undefined;
  const user: TeamUser = {
    teamId,
    userId,
    email: input.email,
    name: name || input.email.split('@')[0]!,
    role: isMember ? 'member' : 'admin',
    ...(isMember ? {} : { adminLevel: 'normal' as const }),
    categories: isMember ? [] : invite.categories,
    disabled: false,
    createdAt,
    inviteId: invite.inviteId,
    emailVerified,
    // The language the person joined in: their mails (the welcome mail first) follow it until they choose one.
    lastLanguage: input.language,
    ...(isMember
      ? {
          groupIds,
          customFields: answers.values,
          roleTab: 'member' as const,
          ...(phone ? { phone } : {}),
          ...(pending ? { approval: 'pending' as const } : {}),
          ...(expiresAt ? { expiresAt } : {}),
        }
      : {}),
  };
  const userOps = putTeamUserOps(user);
  try {
    await transactWithRetry([
      claimPlaceOp(teamId, invite.inviteId, { now: createdAt, pending }),
      ...userOps,
      putRegistrationOp({
        teamId,
        inviteId: invite.inviteId,
        userId,
        email: user.email,
        name: user.name,
        joinedAt: createdAt,
        ...(pending ? { approval: 'pending' as const } : {}),
      }),
      ...joinGroupsOps(teamId, userId, groupIds, createdAt),
      ...answerCountOps(teamId, undefined, answers.values),
    ]);
  } catch (e) {
    if (created) await deleteIdentity(input.email);
    if (!(e instanceof ConditionFailedError)) throw e;
    throw await refusal(e, teamId, invite, userOps.length, now);
  }
  // SPEC §3 auto mail "welcome": a member's registration through an invitation is complete (the write above
  // happens once per member and team, so the event does too).
  if (isMember) await emitMemberEvent({ teamId, type: 'welcome', userId, objectIds: [invite.inviteId] });
  // Analytics (issue 14): a member signed up (administrators joining by invitation are not members).
  if (isMember) await emitActivity({ teamId, at: now, userId, counts: { signups: 1 } });

  return { teamId, userId, role: user.role, ...(pending ? { approval: 'pending' as const } : {}), emailVerified, existingAccount };
}

/** Which condition stopped the join, in the words of SPEC §8. */
async function refusal(e: ConditionFailedError, teamId: string, invite: Invite, userOpCount: number, now: Date): Promise<AppError> {
  const failed = e.reasons.findIndex((r) => r === 'ConditionalCheckFailed');
  if (failed === 0) {
    const current = await getInvite(teamId, invite.inviteId, true);
    if (!current) return new AppError('invite/not_found');
    return new AppError(unusableReason(current, now) ?? 'invite/limit_reached');
  }
  if (failed >= 1 && failed <= userOpCount) return new AppError('auth/already_in_team');
  // A group or custom field removed in the same moment.
  return new AppError('auth/join_failed');
}
