import type { Profile } from '../../shared/api/calls/profile';
import { EMAIL_VERIFICATION_LINK_SECONDS, SECONDS_PER_HOUR } from '../../shared/constants';
import type { ErrorCode } from '../../shared/errors';
import { AppError } from '../core/http/app-error';
import { changeIdentityEmail, findIdentity, IdentityExistsError } from '../platform/identity';
import { sendMail } from '../core/mail/send-mail';
import { getSiteSettings } from '../core/entities/site-settings';
import { getTeam } from '../core/entities/team';
import { listMemberships, updateTeamUser, type TeamUser } from '../core/entities/team-user';
import { checkAdministratorRemoval, listAdministrators } from './administrators';
import { checkEmailChange, startEmailChange } from './email-change';
import { removeFromTeam } from './remove-person';
import { mailText } from '../core/mail/mail-texts';

export async function toProfile(user: TeamUser): Promise<Profile> {
  const settings = await getSiteSettings(user.teamId);
  return {
    userId: user.userId,
    name: user.name,
    email: user.email,
    role: user.role,
    notifications: user.notifications ?? {},
    complexPassword: settings.complexPassword,
  };
}

export async function updateProfile(user: TeamUser, change: Pick<TeamUser, 'name' | 'notifications'>, now = new Date()): Promise<TeamUser> {
  const updated = await updateTeamUser(user.teamId, user.userId, {
    set: { name: change.name, notifications: change.notifications, updatedAt: now.toISOString() },
  });
  if (!updated) throw new AppError('common/no_user');
  return updated;
}

/**
 * Step 1 of an e-mail change: the code goes to the NEW address, so only its owner can finish the change.
 * Server-side rather than Amplify's updateUserAttribute: cognito-local never delivers attribute codes.
 */
export async function requestEmailChange(user: TeamUser, newEmail: string, now = new Date()): Promise<void> {
  if (newEmail === user.email || (await findIdentity(newEmail))) {
    throw new AppError('auth/email_already_registered', { email: 'auth/email_already_registered' });
  }
  const team = await getTeam(user.teamId);
  if (!team) throw new AppError('common/no_team');
  const code = await startEmailChange(user.teamId, user.userId, newEmail, EMAIL_VERIFICATION_LINK_SECONDS, now);
  const values = { name: user.name, siteName: team.siteName, code, hours: EMAIL_VERIFICATION_LINK_SECONDS / SECONDS_PER_HOUR };
  await sendMail({ to: newEmail, teamId: user.teamId, ...mailText(team.language, 'members.emailChangeCode', values) });
}

const codeRefusal: Record<'none' | 'expired' | 'mismatch' | 'attempts', ErrorCode> = {
  none: 'two_factor/code_expired',
  expired: 'two_factor/code_expired',
  mismatch: 'two_factor/code_mismatch',
  attempts: 'two_factor/attempts_exceeded',
};

/**
 * Step 2: the right code changes the sign-in identity's e-mail (verified) and the person's record in every
 * team they belong to, so TeamUser.email stays the address they sign in with.
 */
export async function confirmEmailChange(user: TeamUser, code: string, now = new Date()): Promise<TeamUser> {
  const check = await checkEmailChange(user.teamId, user.userId, code, now);
  if (!check.ok) throw new AppError(codeRefusal[check.reason], { code: codeRefusal[check.reason] });
  try {
    await changeIdentityEmail(user.userId, check.newEmail);
  } catch (e) {
    if (e instanceof IdentityExistsError) throw new AppError('auth/email_already_registered');
    throw e;
  }
  const at = now.toISOString();
  const teams = await listMemberships(user.userId);
  await Promise.all(
    teams.map((m) => updateTeamUser(m.teamId, user.userId, { set: { email: check.newEmail, emailVerified: true, updatedAt: at } })),
  );
  return { ...user, email: check.newEmail, emailVerified: true, updatedAt: at };
}

/**
 * SPEC §6: administrators cannot delete their account from the member page; deletion is blocked while
 * subscriptions are active; the last administrator (or the last site manager) cannot leave.
 */
export function checkAccountDeletion(input: {
  role: TeamUser['role'];
  from: 'admin' | 'member';
  activeSubscriptions: number;
  /** The administrator removal rule's answer, for an administrator. */
  administratorRemoval?: ErrorCode;
}): ErrorCode | undefined {
  if (input.role === 'admin' && input.from === 'member') return 'deletion/admin_from_member_page';
  if (input.activeSubscriptions > 0) return 'deletion/active_subscription';
  if (input.role === 'admin') return input.administratorRemoval;
  return undefined;
}

/** Subscriptions do not exist yet (billing comes later): nobody holds an active one. */
const activeSubscriptionCount = async (_user: TeamUser): Promise<number> => 0;

export async function deleteOwnAccount(user: TeamUser, from: 'admin' | 'member', now = new Date()): Promise<void> {
  let administratorRemoval: ErrorCode | undefined;
  if (user.role === 'admin') {
    const admins = await listAdministrators(user.teamId);
    administratorRemoval = checkAdministratorRemoval(
      admins.map((a) => ({ userId: a.userId, level: a.adminLevel ?? 'normal', categories: a.categories })),
      user.userId,
    );
  }
  const refusal = checkAccountDeletion({ role: user.role, from, activeSubscriptions: await activeSubscriptionCount(user), administratorRemoval });
  if (refusal) throw new AppError(refusal);
  await removeFromTeam(user, now.toISOString());
}
