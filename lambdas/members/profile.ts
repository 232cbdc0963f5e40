import type { AccountDeletionPreview, Profile } from '../../shared/api/calls/profile';
import { checkCustomFieldAnswers, type CustomField, type CustomFieldAnswer } from '../../shared/api/calls/custom-fields';
import type { Language } from '../../shared/constants';
import type { PurchasedInfo } from '../../shared/api/calls/payments';
import { ConditionFailedError, transact } from '../platform/db';
import { answerCountOps, listCustomFields } from '../core/entities/custom-field';
import { getInvite } from '../core/entities/invite';
import { listPurchases } from '../core/entities/purchase';
import { EMAIL_VERIFICATION_LINK_SECONDS, SECONDS_PER_HOUR } from '../../shared/constants';
import type { ErrorCode } from '../../shared/errors';
import { AppError } from '../core/http/app-error';
import { changeIdentityEmail, findIdentity, IdentityExistsError } from '../platform/identity';
import { sendMail } from '../core/mail/send-mail';
import { getSiteSettings } from '../core/entities/site-settings';
import { getTeam } from '../core/entities/team';
import { getTeamUser, listMemberships, saveTeamUserOps, updateTeamUser, type TeamUser } from '../core/entities/team-user';
import { checkAdministratorRemoval, listAdministrators } from './administrators';
import { checkEmailChange, startEmailChange } from './email-change';
import { removeFromTeam } from './remove-person';
import { emitMemberDeleted } from '../core/events/domain-events';
import { readerLanguage } from '../core/mail/reader-language';
import { mailText } from '../core/mail/mail-texts';

type FieldDefinition = Pick<CustomField, 'fieldId' | 'name' | 'type' | 'required' | 'options'>;

/**
 * The custom fields a person answers themselves: a member, the fields their invitation asked them (they gave those
 * answers at sign-up), in the team's order; fields deleted since are left out. The others (and every field for an
 * administrator or a member who joined without an invitation, e.g. imported) are the operator's to fill.
 */
export function memberEditableFields(
  role: TeamUser['role'],
  fields: readonly CustomField[],
  askedFieldIds: readonly string[] | undefined,
): FieldDefinition[] {
  if (role !== 'member' || !askedFieldIds?.length) return [];
  const asked = new Set(askedFieldIds);
  return fields.filter((f) => asked.has(f.fieldId)).map(({ fieldId, name, type, required, options }) => ({ fieldId, name, type, required, options }));
}

/**
 * A person's new answers merged into their record's: only editable fields may be given (another id answers
 * `customFields.<id>` invalid), each checked by its type (SPEC §5); answers to the operator's fields stay as they are.
 */
export function mergeOwnAnswers(
  editable: readonly FieldDefinition[],
  current: TeamUser['customFields'],
  given: Record<string, unknown>,
): { ok: true; customFields: NonNullable<TeamUser['customFields']> } | { ok: false; fields: Record<string, ErrorCode> } {
  const errors: Record<string, ErrorCode> = {};
  const editableIds = new Set(editable.map((f) => f.fieldId));
  for (const id of Object.keys(given)) if (!editableIds.has(id)) errors[`customFields.${id}`] = 'validation/invalid_value';
  const { issues, values } = checkCustomFieldAnswers(editable, given);
  for (const issue of issues) errors[issue.path.join('.')] ??= issue.code as ErrorCode;
  if (Object.keys(errors).length) return { ok: false, fields: errors };
  const kept = Object.fromEntries(Object.entries(current ?? {}).filter(([id]) => !editableIds.has(id)));
  return { ok: true, customFields: { ...kept, ...values } };
}

/** Subscriptions that renew or are owed: SPEC §6 blocks deletion while one exists. */
const BLOCKING: readonly PurchasedInfo['state'][] = ['trialing', 'active', 'past_due', 'unpaid'];

/**
 * What deleting the account would do to the person's purchases, and whether it is refused from `from`
 * (SPEC §6; the last-administrator rule is checked on the deletion itself).
 */
export function deletionPreview(
  role: TeamUser['role'],
  from: 'admin' | 'member',
  purchases: readonly Pick<PurchasedInfo, 'kind' | 'state'>[],
): AccountDeletionPreview {
  const subscriptions = purchases.filter((p) => p.kind === 'subscription');
  const activeSubscriptions = subscriptions.filter((p) => BLOCKING.includes(p.state)).length;
  const blockedBy = checkAccountDeletion({ role, from, activeSubscriptions });
  return {
    ...(blockedBy ? { blockedBy } : {}),
    activeSubscriptions,
    endingSubscriptions: subscriptions.filter((p) => p.state === 'cancel_scheduled').length,
    oneTimePurchases: purchases.filter((p) => p.kind === 'one_time' && p.state === 'success').length,
  };
}

async function editableFieldsOf(user: TeamUser): Promise<FieldDefinition[]> {
  if (user.role !== 'member' || !user.inviteId) return [];
  const [fields, invite] = await Promise.all([listCustomFields(user.teamId), getInvite(user.teamId, user.inviteId)]);
  return memberEditableFields(user.role, fields, invite?.kind === 'user' ? invite.customFieldIds : undefined);
}

export async function toProfile(user: TeamUser): Promise<Profile> {
  const [settings, editable, purchases] = await Promise.all([
    getSiteSettings(user.teamId),
    editableFieldsOf(user),
    listPurchases(user.teamId, user.userId),
  ]);
  const answers = user.customFields ?? {};
  return {
    userId: user.userId,
    name: user.name,
    email: user.email,
    role: user.role,
    notifications: user.notifications ?? {},
    complexPassword: settings.complexPassword,
    ...(user.language ? { language: user.language } : {}),
    customFields: editable.map((field) => ({
      field,
      ...(answers[field.fieldId] !== undefined ? { value: answers[field.fieldId] as CustomFieldAnswer } : {}),
    })),
    deletion: deletionPreview(user.role, user.role === 'admin' ? 'admin' : 'member', purchases),
  };
}

export interface ProfileChange {
  name: string;
  notifications: NonNullable<TeamUser['notifications']>;
  /** Absent: unchanged. */
  language?: Language;
  /** Absent: unchanged. */
  customFields?: Record<string, unknown>;
}

/** Optimistic writes of one profile tried before answering 409 `common/concurrent_update`. */
const UPDATE_ATTEMPTS = 8;

/**
 * The person's own name, notifications, language and the custom fields they may answer. The record and the
 * fields' answer counts are one transaction; a concurrent change of the record makes it read again.
 */
export async function updateProfile(user: TeamUser, change: ProfileChange, now = new Date()): Promise<TeamUser> {
  if (change.customFields === undefined) {
    const updated = await updateTeamUser(user.teamId, user.userId, {
      set: { name: change.name, notifications: change.notifications, ...(change.language ? { language: change.language } : {}), updatedAt: now.toISOString() },
    });
    if (!updated) throw new AppError('common/no_user');
    return updated;
  }
  const editable = await editableFieldsOf(user);
  for (let attempt = 0; ; attempt++) {
    const before = await getTeamUser(user.teamId, user.userId, true);
    if (!before) throw new AppError('common/no_user');
    const merged = mergeOwnAnswers(editable, before.customFields, change.customFields);
    if (!merged.ok) throw new AppError('common/invalid_input', merged.fields);
    const after: TeamUser = {
      ...before,
      name: change.name,
      notifications: change.notifications,
      ...(change.language ? { language: change.language } : {}),
      customFields: merged.customFields,
      updatedAt: now.toISOString(),
    };
    try {
      await transact([...saveTeamUserOps(before, after), ...answerCountOps(user.teamId, before.customFields, merged.customFields)]);
      return { ...after, version: (before.version ?? 0) + 1 };
    } catch (e) {
      if (!(e instanceof ConditionFailedError)) throw e;
      if (attempt >= UPDATE_ATTEMPTS - 1) throw new AppError('common/concurrent_update');
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * (attempt + 1)));
    }
  }
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
  await sendMail({ to: newEmail, teamId: user.teamId, ...mailText(readerLanguage(user, team), 'members.emailChangeCode', values) });
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

/** The person's subscriptions that renew or are owed (the purchases the payments domain keeps from Stripe's state). */
const activeSubscriptionCount = async (user: TeamUser): Promise<number> =>
  deletionPreview(user.role, 'admin', await listPurchases(user.teamId, user.userId)).activeSubscriptions;

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
  // SPEC §3 userAccountDeleted: the administrators' notice and mail are the mail domain's reaction (never this request's failure).
  if (user.role === 'member') await emitMemberDeleted({ teamId: user.teamId, userId: user.userId, name: user.name, email: user.email });
}
