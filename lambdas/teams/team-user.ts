import { getItem, query, type Item, type TransactOp } from '../platform/db';
import { globalKey, teamKey } from '../platform/keys';
import type { AdminCategory } from '../../shared/api/define';

/** SPEC §3 user notification keys. */
export const notificationKeys = [
  'registered',
  'firstSubscriptionPayment',
  'paymentUser',
  'videoEncodeFinished',
  'videoCommented',
  'videoReplyCommented',
  'videoEnqueteAnswered',
  'liveEnqueteAnswered',
  'userSubscriptionRemoved',
  'userAccountDeleted',
] as const;
export type NotificationKey = (typeof notificationKeys)[number];

/** SPEC §3/§6 a group manager's permissions on one group. */
export const managerPermissions = ['analyst', 'create', 'read', 'edit', 'delete'] as const;
export type ManagerPermission = (typeof managerPermissions)[number];

/**
 * A person's place in one team: administrator or member. The user id is the Cognito `sub`.
 * A second item under the identity (a global lookup holding ids only) answers "which teams is this
 * person in" with one Query.
 */
export interface TeamUser {
  teamId: string;
  userId: string;
  email: string;
  name: string;
  role: 'admin' | 'member';
  adminLevel?: 'super' | 'normal';
  categories: AdminCategory[];
  disabled: boolean;
  createdAt: string;
  // Member fields (SPEC §3 User, §4 member states); absent on records written before they existed.
  phone?: string;
  groupIds?: string[];
  emailVerified?: boolean;
  /** Approval of an approval-required invitation. */
  approval?: 'pending' | 'approved' | 'rejected';
  /** Account valid until (the invitation's valid period); ISO time. */
  expiresAt?: string;
  inviteId?: string;
  customFields?: Record<string, string | number | boolean | string[]>;
  notifications?: Partial<Record<NotificationKey, boolean>>;
  mustChangePassword?: boolean;
  /** Cancelled with a deletion date (SPEC §4). */
  cancelledAt?: string;
  deletionScheduledAt?: string;
  paymentCustomerId?: string;
  /** Role tab (SPEC §3): a member who bought is a customer; a group manager is a manager. */
  roleTab?: 'member' | 'customer' | 'manager';
  /** groupId -> permissions, for managers. */
  managerOf?: Record<string, ManagerPermission[]>;
  updatedAt?: string;
}

export interface TeamMembershipRef {
  teamId: string;
  role: TeamUser['role'];
}

const userKey = (teamId: string, userId: string) => ({ pk: teamKey(teamId, 'USER'), sk: `U#${userId}` });
const identityKey = (userId: string, teamId: string) => ({ pk: globalKey('IDENTITY', userId), sk: `T#${teamId}` });

/** Both items of a new team user, for the caller's transaction. */
export function putTeamUserOps(user: TeamUser): TransactOp[] {
  return [
    { put: { ...userKey(user.teamId, user.userId), type: 'teamUser', ...user }, ifNotExists: true },
    {
      put: { ...identityKey(user.userId, user.teamId), type: 'identityTeam', teamId: user.teamId, role: user.role },
      ifNotExists: true,
    },
  ];
}

export async function getTeamUser(teamId: string, userId: string): Promise<TeamUser | undefined> {
  const item = await getItem<Item & TeamUser>(userKey(teamId, userId));
  if (!item) return undefined;
  const { pk: _pk, sk: _sk, type: _type, ...user } = item;
  return user as TeamUser;
}

/** The teams a person belongs to (one Query on the identity lookup). */
export async function listMemberships(userId: string): Promise<TeamMembershipRef[]> {
  const page = await query<Item & TeamMembershipRef>({ pk: globalKey('IDENTITY', userId), limit: 100 });
  return page.items.map((i) => ({ teamId: i.teamId, role: i.role }));
}
