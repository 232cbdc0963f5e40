import type { Invite } from '../../../shared/api/calls/invites';
import { getItem, query, type Item, type TransactOp, type UpdateSpec } from '../../platform/db';
import { assertId, globalKey, teamKey } from '../../platform/keys';

/**
 * The invitation entity (SPEC §3 Invitation).
 *   pk `T#<teamId>#INVITE`   sk `I#<inviteId>`   the team's invitations, newest first (ids are ULIDs)
 *   pk `INVITE#<inviteId>`   sk `INVITE`         global lookup for the public join page: { teamId } only
 * `registeredCount` and `pendingCount` change only inside the transactions that add or decide a member,
 * so the registration limit and the "pending members block deletion" rule are single conditions.
 * An unlimited invitation has no `maxRegistrations` attribute.
 */
type InviteItem = Item & Omit<Invite, 'maxRegistrations'> & { teamId: string; maxRegistrations?: number };

const inviteKey = (teamId: string, inviteId: string) => ({ pk: teamKey(teamId, 'INVITE'), sk: `I#${assertId(inviteId, 'inviteId')}` });
const lookupKey = (inviteId: string) => ({ pk: globalKey('INVITE', assertId(inviteId, 'inviteId')), sk: 'INVITE' });

const toInvite = (item: InviteItem): Invite => {
  const { pk: _pk, sk: _sk, type: _type, teamId: _teamId, maxRegistrations, ...rest } = item;
  return { ...rest, maxRegistrations: maxRegistrations ?? null };
};

/** A member invitation with only what is given set: no limit, no deadline, no groups, the name asked, nothing else. */
export const memberInvite = (fields: Pick<Invite, 'inviteId' | 'title' | 'createdAt'> & Partial<Invite>): Invite => ({
  kind: 'user',
  maxRegistrations: null,
  registeredCount: 0,
  pendingCount: 0,
  validDays: null,
  groupIds: [],
  approvalRequired: false,
  categories: [],
  nameField: 'required',
  phoneField: 'hidden',
  customFieldIds: [],
  prefillFromQuery: false,
  ...fields,
});

/** The invitation and its global lookup, both new. */
export function putInviteOps(teamId: string, invite: Invite): TransactOp[] {
  const { maxRegistrations, ...rest } = invite;
  return [
    {
      put: {
        ...inviteKey(teamId, invite.inviteId),
        type: 'invite',
        teamId,
        ...rest,
        ...(maxRegistrations === null ? {} : { maxRegistrations }),
      },
      ifNotExists: true,
    },
    { put: { ...lookupKey(invite.inviteId), type: 'inviteLookup', teamId }, ifNotExists: true },
  ];
}

/** Which team an invite code belongs to (the public join page knows only the code). */
export async function findInviteTeam(inviteId: string): Promise<string | undefined> {
  const item = await getItem<Item & { teamId: string }>(lookupKey(inviteId));
  return item?.teamId;
}

export async function getInvite(teamId: string, inviteId: string, consistent = false): Promise<Invite | undefined> {
  const item = await getItem<InviteItem>(inviteKey(teamId, inviteId), consistent);
  return item && toInvite(item);
}

export async function listInvites(
  teamId: string,
  page: { limit: number; startKey?: Record<string, unknown> },
): Promise<{ items: Invite[]; lastKey?: Record<string, unknown> }> {
  const out = await query<InviteItem>({
    pk: teamKey(teamId, 'INVITE'),
    sk: { beginsWith: 'I#' },
    ascending: false,
    limit: page.limit,
    startKey: page.startKey,
  });
  return { items: out.items.map(toInvite), lastKey: out.lastKey };
}

/** The editable fields only; the counts and the kind are never touched here. Fails when the invitation is gone. */
export function updateInviteOp(
  teamId: string,
  inviteId: string,
  change: Omit<Invite, 'inviteId' | 'kind' | 'registeredCount' | 'pendingCount' | 'createdAt'>,
): TransactOp {
  const { maxRegistrations, deadline, validUntil, comment, ...always } = change;
  const optional = { maxRegistrations: maxRegistrations ?? undefined, deadline, validUntil, comment };
  const set: Record<string, unknown> = { ...always };
  const remove: string[] = [];
  for (const [name, value] of Object.entries(optional)) {
    if (value === undefined || value === '') remove.push(name);
    else set[name] = value;
  }
  return { update: { key: inviteKey(teamId, inviteId), set, remove, condition: 'attribute_exists(pk)' } };
}

/** Deletes an invitation unless members of it await approval (one condition, so no race lets one slip by). */
export function deleteInviteOps(teamId: string, inviteId: string): TransactOp[] {
  return [
    {
      delete: inviteKey(teamId, inviteId),
      condition: 'attribute_exists(pk) AND (attribute_not_exists(#pending) OR #pending = :zero)',
      names: { '#pending': 'pendingCount' },
      values: { ':zero': 0 },
    },
    { delete: lookupKey(inviteId) },
  ];
}

/**
 * Takes one place on the invitation for a new member: only while it exists, is before its deadline
 * and below its limit. In the same transaction as the member's items, so two people racing for the last
 * place cannot both get in.
 */
export function claimPlaceOp(teamId: string, inviteId: string, opts: { now: string; pending: boolean }): TransactOp {
  const update: UpdateSpec = {
    key: inviteKey(teamId, inviteId),
    add: { registeredCount: 1, ...(opts.pending ? { pendingCount: 1 } : {}) },
    condition:
      'attribute_exists(pk) AND (attribute_not_exists(#max) OR #count < #max) AND (attribute_not_exists(#deadline) OR #deadline >= :now)',
    names: { '#max': 'maxRegistrations', '#count': 'registeredCount', '#deadline': 'deadline' },
    values: { ':now': opts.now },
  };
  return { update };
}

/** A pending member was decided on: one fewer pending; a rejected one also frees their place. */
export function decidePendingOp(teamId: string, inviteId: string, decision: 'approved' | 'rejected'): TransactOp {
  return {
    update: {
      key: inviteKey(teamId, inviteId),
      add: { pendingCount: -1, ...(decision === 'rejected' ? { registeredCount: -1 } : {}) },
      condition: 'attribute_exists(pk) AND #pending > :zero',
      names: { '#pending': 'pendingCount' },
      values: { ':zero': 0 },
    },
  };
}
