import { atVersion, batchGet, ConditionFailedError, getItem, type Item, query, type QuerySpec, transact, type TransactOp, updateItem, type WriteCondition } from '../../platform/db';
import { assertId, globalKey, teamKey } from '../../platform/keys';
import { AppError } from '../http/app-error';
import { decodeCursor, encodeCursor } from '../http/cursor';
import type { AdminCategory, ManagerPermission } from '../../../shared/permissions';
import type { MemberState, NotificationKey } from '../../../shared/api/calls/members';
import type { Language } from '../../../shared/constants';
import { normalizeEmail } from '../../../shared/rules/email';

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
  /** The language the person chose in their settings (mails to them use it: lambdas/core/mail/reader-language.ts). */
  language?: Language;
  /**
   * The UI language the person last used the site in (recorded at sign-in and by the signed-in shell, only when it
   * changed): mails to them use it when they chose none.
   */
  lastLanguage?: Language;
  mustChangePassword?: boolean;
  /**
   * Created by a member import with no login yet: `userId` is a provisional id until the member sets a password
   * through the mailed link, which creates the Cognito user and moves the record to its `sub`
   * (lambdas/core/access/activate-member.ts).
   */
  loginPending?: boolean;
  /** When an administrator last resent the invitation mail of a `loginPending` member (ISO time; resend_invitation). */
  invitationSentAt?: string;
  /** Cancelled with a deletion date (SPEC §4). */
  cancelledAt?: string;
  deletionScheduledAt?: string;
  paymentCustomerId?: string;
  /** The connected account `paymentCustomerId` belongs to (a team that reconnects another account gets new customers). */
  paymentAccountId?: string;
  /** Role tab (SPEC §3): a member who bought is a customer; a group manager is a manager. */
  roleTab?: 'member' | 'customer' | 'manager';
  /** groupId -> permissions, for managers. */
  managerOf?: Record<string, ManagerPermission[]>;
  updatedAt?: string;
  /** Optimistic lock: every rewrite checks and bumps it (the list and search items derive from the record). */
  version?: number;
  /**
   * The `sub`s of federated identities linked to this team user (issue 15: a federated first login with the
   * e-mail of an existing member). Each has an identity link `IDENTITY#<sub>` / `T#<teamId>` holding `userId`.
   */
  linkedIdentities?: string[];
}

export interface TeamMembershipRef {
  teamId: string;
  role: TeamUser['role'];
}

/**
 * The lists of /admin/user (SPEC §2 tabs member, customer, manager) and of administrators. A team user is in
 * exactly one list; each list is one GSI partition, so a page is one Query whatever the team size:
 * - gsi1 `T#<teamId>#USERS#<list>` / `<createdAt>#<userId>` (newest / oldest first);
 * - gsi2 `T#<teamId>#USERS#<list>` / `<normalized name>#<userId>` (name order);
 * - search items `T#<teamId>#USERSEARCH#<list>` / `<normalized term>#<userId>`, one per term (the whole name,
 *   each word of it, the e-mail), holding a copy of the record: a prefix search is one Query on them.
 * The record, its index attributes and its search items are always rewritten together in one transaction.
 */
export const userLists = ['member', 'customer', 'manager', 'admin'] as const;
export type UserList = (typeof userLists)[number];

export const userListOf = (user: Pick<TeamUser, 'role' | 'roleTab'>): UserList =>
  user.role === 'admin' ? 'admin' : (user.roleTab ?? 'member');

/**
 * Search and sort text: NFKC (full-width letters and digits, half-width kana), lower case, katakana as
 * hiragana (so "タナカ" finds "たなか"), no spaces.
 */
export function searchText(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u30a1-\u30f6]/g, (ch) => String.fromCharCode(ch.charCodeAt(0) - 0x60))
    .replace(/\s+/g, '')
    .slice(0, 100);
}

export function searchTerms(user: Pick<TeamUser, 'name' | 'email'>): string[] {
  const words = user.name.trim().split(/\s+/);
  const terms = [searchText(user.name), ...(words.length > 1 ? words.map(searchText) : []), searchText(user.email)];
  return [...new Set(terms.filter(Boolean))];
}

const userKey = (teamId: string, userId: string) => ({ pk: teamKey(teamId, 'USER'), sk: `U#${assertId(userId, 'userId')}` });
const identityKey = (userId: string, teamId: string) => ({ pk: globalKey('IDENTITY', userId), sk: `T#${teamId}` });
/** The identity link of `sub` to a team user: its own identity, or a federated one linked to it (which names the user). */
const identityLinkItem = (sub: string, user: TeamUser) => ({
  ...identityKey(sub, user.teamId),
  type: 'identityTeam',
  teamId: user.teamId,
  role: user.role,
  ...(sub === user.userId ? {} : { userId: user.userId }),
});
/** The identity links of the federated identities linked to a team user (kept in step with its role). */
const linkedIdentityPuts = (user: TeamUser): TransactOp[] => (user.linkedIdentities ?? []).map((sub) => ({ put: identityLinkItem(sub, user) }));
const listPk = (teamId: string, list: UserList) => teamKey(teamId, 'USERS', list);
const searchPk = (teamId: string, list: UserList) => teamKey(teamId, 'USERSEARCH', list);
const searchKey = (user: TeamUser, term: string) => ({
  pk: searchPk(user.teamId, userListOf(user)),
  sk: `${term}#${user.userId}`,
});

const indexAttributes = (user: TeamUser) => ({
  gsi1pk: listPk(user.teamId, userListOf(user)),
  gsi1sk: `${user.createdAt}#${user.userId}`,
  gsi2pk: listPk(user.teamId, userListOf(user)),
  gsi2sk: `${searchText(user.name)}#${user.userId}`,
});

const fromItem = (item: Item): TeamUser => {
  const { pk: _pk, sk: _sk, type: _type, gsi1pk: _g1, gsi1sk: _g1s, gsi2pk: _g2, gsi2sk: _g2s, ...user } = item;
  return user as unknown as TeamUser;
};

const searchItemOps = (user: TeamUser): TransactOp[] =>
  searchTerms(user).map((term) => {
    const { version: _v, ...row } = user;
    return { put: { ...searchKey(user, term), type: 'userSearch', ...row } };
  });

/** The items of a new team user (record, identity link, search items), for the caller's transaction. */
export function putTeamUserOps(user: TeamUser): TransactOp[] {
  // The address is stored in its one form whoever wrote the record (shared/rules/email.ts).
  const created = { ...user, email: normalizeEmail(user.email), version: 1 };
  return [
    { put: { ...userKey(user.teamId, user.userId), type: 'teamUser', ...indexAttributes(created), ...created }, ifNotExists: true },
    {
      put: identityLinkItem(user.userId, user),
      ifNotExists: true,
    },
    ...searchItemOps(created),
  ];
}

const versionCondition = (before: TeamUser): WriteCondition & { condition: string } =>
  before.version === undefined
    ? { condition: 'attribute_exists(pk) AND attribute_not_exists(#version)', names: { '#version': 'version' } }
    : atVersion(before.version);

/**
 * Rewrites a team user read as `before` into `after`, with its index attributes and search items, for the
 * caller's transaction. Fails (ConditionFailedError) when the record changed since it was read.
 */
export function saveTeamUserOps(before: TeamUser, after: TeamUser): TransactOp[] {
  if (before.teamId !== after.teamId || before.userId !== after.userId) throw new Error('A team user keeps its ids');
  const saved = { ...after, email: normalizeEmail(after.email), version: (before.version ?? 0) + 1 };
  const newKeys = new Set(searchTerms(saved).map((t) => JSON.stringify(searchKey(saved, t))));
  const stale = searchTerms(before)
    .map((t) => searchKey(before, t))
    .filter((k) => !newKeys.has(JSON.stringify(k)));
  return [
    { put: { ...userKey(saved.teamId, saved.userId), type: 'teamUser', ...indexAttributes(saved), ...saved }, ...versionCondition(before) },
    ...(before.role !== saved.role
      ? [{ put: identityLinkItem(saved.userId, saved) }, ...linkedIdentityPuts(saved)]
      : []),
    ...stale.map((key): TransactOp => ({ delete: key })),
    ...searchItemOps(saved),
  ];
}

/** Makes the caller's transaction depend on a team user being exactly as it was read. */
export function teamUserUnchangedOp(user: TeamUser): TransactOp {
  const { condition, names, values } = versionCondition(user);
  return { check: userKey(user.teamId, user.userId), condition, names, values };
}

/** Removes a team user read as `before` (record, identity link, search items) in the caller's transaction. */
export function deleteTeamUserOps(before: TeamUser): TransactOp[] {
  return [
    { delete: userKey(before.teamId, before.userId), ...versionCondition(before) },
    { delete: identityKey(before.userId, before.teamId) },
    ...(before.linkedIdentities ?? []).map((sub): TransactOp => ({ delete: identityKey(sub, before.teamId) })),
    ...searchTerms(before).map((t): TransactOp => ({ delete: searchKey(before, t) })),
  ];
}

/**
 * Links a federated identity (`sub`) to an existing team user read as `before`, for the caller's transaction:
 * the identity link `IDENTITY#<sub>` / `T#<teamId>` naming the team user (only if that identity has no link to the
 * team yet, so two first logins at once cannot make two links, nor a link and a new member) and the record
 * noting it (only if unchanged since read). `change` may adjust the record in the same write.
 */
export function linkIdentityOps(before: TeamUser, sub: string, change: Partial<Omit<TeamUser, 'teamId' | 'userId'>> = {}): TransactOp[] {
  const after: TeamUser = { ...before, ...change, linkedIdentities: [...(before.linkedIdentities ?? []), sub] };
  return [
    { put: identityLinkItem(sub, after), ifNotExists: true },
    ...saveTeamUserOps(before, after),
  ];
}

/**
 * The team user an identity (`sub`) reaches in a team: its own (`userId` = sub) or, through a federated identity's
 * link, the team user it was linked to. One GetItem.
 */
export async function getIdentityLink(sub: string, teamId: string, consistent = false): Promise<{ userId: string; role: TeamUser['role'] } | undefined> {
  const item = await getItem<Item & { role: TeamUser['role']; userId?: string }>(identityKey(sub, teamId), consistent);
  return item ? { userId: item.userId ?? sub, role: item.role } : undefined;
}

/**
 * The team's users with this e-mail (however either was typed), through the members search's e-mail term: one Query
 * per list, exact term (`<term>#` prefix), never a Scan. Any list, administrators included.
 */
export async function findTeamUsersByEmail(teamId: string, email: string): Promise<TeamUser[]> {
  const wanted = normalizeEmail(email);
  const term = searchText(wanted);
  if (!term) return [];
  const pages = await Promise.all(userLists.map((list) => query<Item>({ pk: searchPk(teamId, list), sk: { beginsWith: `${term}#` }, ascending: true, limit: 25 })));
  const found = new Map<string, TeamUser>();
  for (const item of pages.flatMap((p) => p.items)) {
    const user = fromItem(item);
    if (normalizeEmail(user.email) === wanted) found.set(user.userId, user);
  }
  return [...found.values()];
}

export async function getTeamUser(teamId: string, userId: string, consistent = false): Promise<TeamUser | undefined> {
  const item = await getItem<Item & TeamUser>(userKey(teamId, userId), consistent);
  return item ? fromItem(item) : undefined;
}

/**
 * A member the team's messages may reach (bulk mail, chat): enabled, not cancelled, not waiting for or refused
 * approval, not past their account's expiry.
 */
export const isActiveMember = (user: TeamUser, now = new Date()): boolean =>
  user.role === 'member' &&
  !user.disabled &&
  !user.cancelledAt &&
  user.approval !== 'pending' &&
  user.approval !== 'rejected' &&
  (!user.expiresAt || new Date(user.expiresAt) > now);

/**
 * SPEC §4: the one state an administrator sees for a member. Precedence: disabled (the administrator's switch wins),
 * invited (imported with no password yet: `loginPending`; the record moves to the Cognito `sub` when the member sets
 * one), waiting for approval (`pending`; a refused approval cannot log in either and shows as disabled), enabled.
 * The account's expiry is a separate flag (`isMemberExpired`), shown beside the state.
 */
export function memberStateOf(user: Pick<TeamUser, 'disabled' | 'loginPending' | 'approval'>): MemberState {
  if (user.disabled || user.approval === 'rejected') return 'disabled';
  if (user.loginPending) return 'invited';
  if (user.approval === 'pending') return 'waitingApproval';
  return 'enabled';
}

/** The account's valid-until time has passed (the login outcome `expired`). */
export const isMemberExpired = (user: Pick<TeamUser, 'expiresAt'>, now = new Date()): boolean =>
  !!user.expiresAt && Date.parse(user.expiresAt) <= now.getTime();

/** Many team users by id (BatchGetItem, 100 a request); ids with no record are left out, order not kept. */
export async function getTeamUsers(teamId: string, userIds: readonly string[]): Promise<TeamUser[]> {
  const items = await batchGet<Item & TeamUser>([...new Set(userIds)].map((id) => userKey(teamId, id)));
  return items.map(fromItem);
}

/** The teams a person belongs to (one Query on the identity lookup). */
export async function listMemberships(userId: string): Promise<TeamMembershipRef[]> {
  const page = await query<Item & TeamMembershipRef>({ pk: globalKey('IDENTITY', userId), limit: 100 });
  return page.items.map((i) => ({ teamId: i.teamId, role: i.role }));
}

/** Optimistic writes of one team user tried before answering 409 `common/concurrent_update`. */
const UPDATE_ATTEMPTS = 8;

/**
 * Reads, changes and rewrites a team user (retrying when another write came first); answers the updated
 * record, or undefined if there is none. `change` may be a function of the current record.
 */
export async function updateTeamUser(
  teamId: string,
  userId: string,
  change:
    | { set?: Partial<Omit<TeamUser, 'teamId' | 'userId'>>; remove?: (keyof TeamUser)[] }
    | ((current: TeamUser) => TeamUser),
): Promise<TeamUser | undefined> {
  for (let attempt = 0; ; attempt++) {
    const before = await getTeamUser(teamId, userId, true);
    if (!before) return undefined;
    let after: TeamUser;
    if (typeof change === 'function') {
      after = change(before);
    } else {
      after = { ...before, ...change.set };
      for (const field of change.remove ?? []) delete after[field];
    }
    try {
      await transact(saveTeamUserOps(before, after));
      return { ...after, version: (before.version ?? 0) + 1 };
    } catch (e) {
      if (!(e instanceof ConditionFailedError)) throw e;
      // Another write won the race: read again after a random pause, so that the racers spread out.
      if (attempt >= UPDATE_ATTEMPTS - 1) throw new AppError('common/concurrent_update');
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * (attempt + 1)));
    }
  }
}

/**
 * Notes the UI language a signed-in person uses (issue 30): one write, and only when it differs from the one
 * recorded, so an ordinary sign-in costs nothing. Neither `version` nor `updatedAt` moves: the person changed nothing
 * of their own, and an administrator editing them meanwhile must not meet a conflict over a hint.
 */
export async function noteLastLanguage(user: Pick<TeamUser, 'teamId' | 'userId' | 'lastLanguage'>, language: Language | undefined): Promise<void> {
  if (!language || user.lastLanguage === language) return;
  await updateItem({ key: userKey(user.teamId, user.userId), set: { lastLanguage: language }, condition: 'attribute_exists(pk)' });
}

export type UserSort = 'created' | 'name';

export interface UserListQuery {
  sort: UserSort;
  order: 'asc' | 'desc';
  /** Prefix of the name, a word of it, or the e-mail; results then come in matched-term order. */
  search?: string;
  limit: number;
  cursor?: string;
}

/** The one Query that reads a page of a list (exported so the bench can measure the very same request). */
export function userListQuerySpec(teamId: string, list: UserList, q: UserListQuery): QuerySpec {
  const search = q.search ? searchText(q.search) : '';
  const base = search
    ? { pk: searchPk(teamId, list), sk: { beginsWith: search }, ascending: true }
    : { index: q.sort === 'name' ? ('gsi2' as const) : ('gsi1' as const), pk: listPk(teamId, list), ascending: q.order === 'asc' };
  // Bound to the team and to the very list (partition) it came from.
  const partition = { name: 'index' in base && base.index ? (`${base.index}pk` as const) : ('pk' as const), value: base.pk };
  return { ...base, limit: q.limit, startKey: decodeCursor(q.cursor, { teamId, partition }) };
}

/** One page of a list (one Query). */
export async function listTeamUsers(
  teamId: string,
  list: UserList,
  q: UserListQuery,
): Promise<{ users: TeamUser[]; nextCursor?: string }> {
  const page = await query(userListQuerySpec(teamId, list, q));
  const seen = new Set<string>();
  const users: TeamUser[] = [];
  // A person can match a search by two terms (name and e-mail): show them once.
  for (const item of page.items) {
    const user = fromItem(item);
    if (seen.has(user.userId)) continue;
    seen.add(user.userId);
    users.push(user);
  }
  return { users, nextCursor: encodeCursor(page.lastKey) };
}
