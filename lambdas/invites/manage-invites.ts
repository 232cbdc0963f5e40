import type { Page } from '../../shared/api/page';
import { ulid } from 'ulid';
import type { z } from 'zod/mini';
import type {
  createInviteInput,
  Invite,
  InvitedUser,
  inviteFormSchema,
  InviteMailLog,
  updateInviteInput,
} from '../../shared/api/calls/invites';
import type { ErrorCode } from '../../shared/errors';
import { getMailLog } from '../core/entities/mail-log';
import { AppError } from '../core/http/app-error';
import { getGroup } from '../core/entities/group';
import { ConditionFailedError, transact } from '../platform/db';
import { getTeam, type Team } from '../core/entities/team';
import { findTeamUsersByEmail } from '../core/entities/team-user';
import { readerLanguage } from '../core/mail/reader-language';
import type { Language } from '../../shared/constants';
import { listCustomFields } from '../core/entities/custom-field';
import { decodeCursor, encodeCursor } from '../core/http/cursor';
import { deleteInviteOps, getInvite, listInvites, putInviteOps, updateInviteOp } from '../core/entities/invite';
import { listInviteMails, recordInviteMail } from './invite-mail-log';
import { sendInviteLinkMail } from './invite-mails';
import { listInviteRegistrations, listPendingRegistrations, type Registration } from './registration';

const PAGE_SIZE = 20;

type InviteForm = z.output<ReturnType<typeof inviteFormSchema>>;

/** The invitation's editable fields as stored: dates as ISO text; an admin invitation asks nothing of members. */
async function inviteFields(teamId: string, form: InviteForm, kind: Invite['kind']) {
  const isMember = kind === 'user';
  const groupIds = isMember ? [...new Set(form.groupIds)] : [];
  const customFieldIds = isMember ? [...new Set(form.customFieldIds)] : [];
  // Groups and fields must be this team's: another team's ids are refused like unknown ones.
  const fields: Record<string, ErrorCode> = {};
  const groups = await Promise.all(groupIds.map((g) => (/^[0-9A-Za-z_-]{1,64}$/.test(g) ? getGroup(teamId, g) : undefined)));
  if (groups.some((g) => !g)) fields.groupIds = 'validation/invalid_value';
  if (customFieldIds.length) {
    const known = new Set((await listCustomFields(teamId)).map((f) => f.fieldId));
    if (customFieldIds.some((id) => !known.has(id))) fields.customFieldIds = 'validation/invalid_value';
  }
  if (Object.keys(fields).length) throw new AppError('common/invalid_input', fields);
  return {
    title: form.title,
    maxRegistrations: form.maxRegistrations,
    deadline: form.deadline?.toISOString(),
    validUntil: isMember ? form.validUntil?.toISOString() : undefined,
    validDays: isMember ? form.validDays : null,
    groupIds,
    approvalRequired: isMember && form.approvalRequired,
    categories: isMember ? [] : [...new Set(form.categories)],
    nameField: form.nameField,
    phoneField: isMember ? form.phoneField : ('hidden' as const),
    customFieldIds,
    prefillFromQuery: form.prefillFromQuery,
    comment: form.comment?.trim() || undefined,
  };
}

export async function createInvite(teamId: string, input: z.output<typeof createInviteInput>, now = new Date()): Promise<string> {
  const inviteId = ulid();
  const fields = await inviteFields(teamId, input, input.kind);
  const invite: Invite = {
    inviteId,
    kind: input.kind,
    ...fields,
    registeredCount: 0,
    pendingCount: 0,
    createdAt: now.toISOString(),
  };
  await transact(putInviteOps(teamId, invite));
  return inviteId;
}

export async function updateInvite(teamId: string, input: z.output<typeof updateInviteInput>, now = new Date()): Promise<void> {
  const current = await getInvite(teamId, input.inviteId, true);
  if (!current) throw new AppError('invite/not_found');
  // The kind is known only now: an administrator invitation must keep at least one category.
  if (current.kind === 'admin' && input.categories.length === 0)
    throw new AppError('common/invalid_input', { categories: 'validation/required' });
  const fields = await inviteFields(teamId, input, current.kind);
  try {
    await transact([updateInviteOp(teamId, input.inviteId, { ...fields, updatedAt: now.toISOString() })]);
  } catch (e) {
    if (e instanceof ConditionFailedError) throw new AppError('invite/not_found');
    throw e;
  }
}

export async function deleteInvite(teamId: string, inviteId: string): Promise<void> {
  try {
    await transact(deleteInviteOps(teamId, inviteId));
  } catch (e) {
    if (!(e instanceof ConditionFailedError)) throw e;
    const current = await getInvite(teamId, inviteId, true);
    throw new AppError(current ? 'deletion/invite_has_pending_users' : 'invite/not_found');
  }
}

export async function getTeamInvite(teamId: string, inviteId: string): Promise<Invite> {
  const invite = await getInvite(teamId, inviteId);
  if (!invite) throw new AppError('invite/not_found');
  return invite;
}

export async function listTeamInvites(teamId: string, cursor?: string): Promise<Page<Invite>> {
  const page = await listInvites(teamId, { limit: PAGE_SIZE, startKey: decodeCursor(cursor, { teamId }) });
  return { items: page.items, nextCursor: encodeCursor(page.lastKey) };
}

/** Registrations with their invitation's current title (one read per distinct invitation on the page). */
async function withTitles(teamId: string, registrations: Registration[]): Promise<InvitedUser[]> {
  const ids = [...new Set(registrations.map((r) => r.inviteId))];
  const invites = new Map(await Promise.all(ids.map(async (id) => [id, await getInvite(teamId, id)] as const)));
  return registrations.map((r) => ({
    userId: r.userId,
    inviteId: r.inviteId,
    inviteTitle: invites.get(r.inviteId)?.title ?? '',
    email: r.email,
    name: r.name,
    joinedAt: r.joinedAt,
    ...(r.approval ? { approval: r.approval } : {}),
  }));
}

export async function listInvitedUsers(
  teamId: string,
  input: { inviteId: string; pendingOnly: boolean; cursor?: string },
): Promise<Page<InvitedUser>> {
  await getTeamInvite(teamId, input.inviteId);
  const startKey = decodeCursor(input.cursor, { teamId });
  const page = input.pendingOnly
    ? await listPendingRegistrations(teamId, input.inviteId, { limit: PAGE_SIZE, startKey })
    : await listInviteRegistrations(teamId, input.inviteId, { limit: PAGE_SIZE, startKey });
  return { items: await withTitles(teamId, page.items), nextCursor: encodeCursor(page.lastKey) };
}

export async function listTeamPendingUsers(teamId: string, cursor?: string): Promise<Page<InvitedUser>> {
  const page = await listPendingRegistrations(teamId, undefined, { limit: PAGE_SIZE, startKey: decodeCursor(cursor, { teamId }) });
  return { items: await withTitles(teamId, page.items), nextCursor: encodeCursor(page.lastKey) };
}

/** The language of an invite mail: a person the team already has at that address reads their own; anyone else the team's. */
async function inviteeLanguage(team: Team, email: string): Promise<Language> {
  const [known] = await findTeamUsersByEmail(team.teamId, email);
  return readerLanguage(known, team);
}

/** Mails the invite link to each address, one message each (in its reader's language), and records them for the invitation mail log. */
export async function sendInviteMails(teamId: string, sentBy: string, input: { inviteId: string; emails: string[] }): Promise<number> {
  const [invite, team] = await Promise.all([getTeamInvite(teamId, input.inviteId), getTeam(teamId)]);
  if (!team) throw new AppError('common/no_team');
  let sent = 0;
  for (const to of new Set(input.emails)) {
    let messageId: string;
    try {
      ({ messageId } = await sendInviteLinkMail(to, { teamId, siteName: team.siteName, language: await inviteeLanguage(team, to), invite }));
    } catch {
      // Addresses before this one did get their mail (and are logged); say how far it went.
      throw new AppError('mail/send_failed', undefined, { count: sent });
    }
    await recordInviteMail({ teamId, messageId, inviteId: invite.inviteId, to, sentAt: new Date().toISOString(), sentBy });
    sent++;
  }
  return sent;
}

/** The invitation mail log with each message's delivery status from the team's mail log. */
export async function listInviteMailLogs(teamId: string, cursor?: string): Promise<Page<InviteMailLog>> {
  const page = await listInviteMails(teamId, { limit: PAGE_SIZE, startKey: decodeCursor(cursor, { teamId }) });
  const ids = [...new Set(page.items.map((r) => r.inviteId))];
  const [invites, logs] = await Promise.all([
    Promise.all(ids.map(async (id) => [id, await getInvite(teamId, id)] as const)).then((pairs) => new Map(pairs)),
    Promise.all(page.items.map((r) => getMailLog(teamId, r.messageId))),
  ]);
  return {
    items: page.items.map((r, i) => ({
      messageId: r.messageId,
      inviteId: r.inviteId,
      inviteTitle: invites.get(r.inviteId)?.title ?? '',
      to: r.to,
      sentAt: r.sentAt,
      ...(logs[i]?.status ? { status: logs[i].status } : {}),
    })),
    nextCursor: encodeCursor(page.lastKey),
  };
}
