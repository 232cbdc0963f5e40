// Types only: constants.ts reaches zod (via rules/account), which member pages must not load.
import type { Plan } from './constants';

/**
 * The one table of who may do what (SPEC §6). Call declarations name a permission; the server's middleware,
 * the handlers' per-item checks (`authorize`), the web's navigation and its route guards all read this file.
 * No other module decides access by category, role or plan.
 */

/** SPEC §6 administrator categories. A super administrator holds every one. */
export const adminCategories = ['contentsManager', 'analyst', 'userManager', 'designer', 'payingManager', 'siteManager'] as const;
export type AdminCategory = (typeof adminCategories)[number];

/** SPEC §3/§6 a group manager's permissions on one group. */
export const managerPermissions = ['analyst', 'create', 'read', 'edit', 'delete'] as const;
export type ManagerPermission = (typeof managerPermissions)[number];

/**
 * What a permission requires:
 * - `public`: nobody signed in (catalog, login, join);
 * - `signedIn`: a verified token, no team (which teams am I administrator of);
 * - `member`: a member or administrator of the operated team;
 * - `admin`: an administrator of the team holding `category` (any administrator when omitted; given several, any
 *   one of them);
 * - `manager`: a member of the team; the handler checks the group with `authorize(ctx, name, { groupId })`,
 *   which holds for administrators with `userManager` and for members managing that group with `managerPermission`.
 * `minPlan`: the team's plan must be at least this (SPEC §1 "some features are unavailable on Basic or Pro").
 */
export type PermissionRule =
  | { kind: 'public' }
  | { kind: 'signedIn' }
  | { kind: 'member'; minPlan?: Plan }
  | { kind: 'admin'; category?: AdminCategory | readonly AdminCategory[]; minPlan?: Plan }
  | { kind: 'manager'; managerPermission: ManagerPermission; minPlan?: Plan };

export const permissions = {
  public: { kind: 'public' },
  signedIn: { kind: 'signedIn' },
  member: { kind: 'member' },
  /** Every administrator: dashboard, own profile, lookups the admin forms need. */
  'admin.any': { kind: 'admin' },
  /** Contents manager: distribution (videos, PDFs, articles, playlists, lives, events, files) and masters (categories, tags, creators). */
  'admin.contents': { kind: 'admin', category: 'contentsManager' },
  /** Analyst: analysis and feedback (analytics, surveys, tests, comments). */
  'admin.analysis': { kind: 'admin', category: 'analyst' },
  /** User manager: users, groups, invitations and notices (news, mail, workflows). */
  'admin.users': { kind: 'admin', category: 'userManager' },
  /** Designer: site design. */
  'admin.design': { kind: 'admin', category: 'designer' },
  /** Paying manager: billing and the payment-provider connection (products, prices, coupons, tax rates). */
  'admin.billing': { kind: 'admin', category: 'payingManager' },
  /**
   * The administrators' notices of members (registrations, deleted accounts: user managers; cancelled subscriptions:
   * paying managers); which events each reader sees is decided per event (`memberNoticePermission`).
   */
  'admin.memberNotices': { kind: 'admin', category: ['userManager', 'payingManager'] },
  /** Site manager: general settings, administrators, the platform subscription. */
  'admin.site': { kind: 'admin', category: 'siteManager' },
  /** SAML/OIDC sign-in for members is a Pro feature (SPEC §5 "some options need Pro or above"). */
  'admin.site.externalLogin': { kind: 'admin', category: 'siteManager', minPlan: 'pro' },
  /** Group managers (SPEC §6): per group, checked per item. */
  'manager.analyst': { kind: 'manager', managerPermission: 'analyst' },
  'manager.create': { kind: 'manager', managerPermission: 'create' },
  'manager.read': { kind: 'manager', managerPermission: 'read' },
  'manager.edit': { kind: 'manager', managerPermission: 'edit' },
  'manager.delete': { kind: 'manager', managerPermission: 'delete' },
} as const satisfies Record<string, PermissionRule>;

export type PermissionName = keyof typeof permissions;

/**
 * SPEC §2 admin areas (the first segment after /admin) and the permission each needs. The admin nav, the route
 * guards and the calls of each area agree through this table; `test/unit/permissions.test.ts` checks every
 * category against every area.
 */
export const adminAreas = {
  dashboard: 'admin.any',
  setting: 'admin.any',
  item_select: 'admin.any',
  video: 'admin.contents',
  playlist: 'admin.contents',
  live: 'admin.contents',
  pdf: 'admin.contents',
  article: 'admin.contents',
  event: 'admin.contents',
  filelist: 'admin.contents',
  category: 'admin.contents',
  tag: 'admin.contents',
  creator: 'admin.contents',
  analytics: 'admin.analysis',
  enquete: 'admin.analysis',
  test: 'admin.analysis',
  comment: 'admin.analysis',
  // Members' feedback notices (comments, survey answers): read by whoever answers that feedback.
  notification: 'admin.analysis',
  user: 'admin.users',
  group: 'admin.users',
  invite: 'admin.users',
  approval_pending_all_users: 'admin.users',
  invite_email_log: 'admin.users',
  email_log_show: 'admin.users',
  news: 'admin.users',
  /** Member chat: the user managers are the operators who look after members (their accounts, news, mail). */
  chat: 'admin.users',
  send_email: 'admin.users',
  mail_template: 'admin.users',
  custom_mail_template: 'admin.users',
  workflow: 'admin.users',
  site_customize: 'admin.design',
  stripe: 'admin.billing',
  payment: 'admin.billing',
  general_setting: 'admin.site',
  app_setting: 'admin.site',
} as const satisfies Record<string, PermissionName>;
export type AdminArea = keyof typeof adminAreas;

/**
 * Paths inside an area whose permission differs from their area's, as segment patterns after /admin where `*`
 * stands for any one segment (an id). A pattern covers its path and everything below it; the longest match wins.
 * SPEC §2 `general_setting/billing` is billing, and so is a member's payment history under the users area.
 * `setting/zoom_setting` (and `/authorized` below it) is contents management: the Zoom connection exists to run the
 * lives contents managers create (meetings made from the live form), as the Stripe connection belongs to billing.
 */
export const adminSubAreas: Readonly<Record<string, PermissionName>> = {
  'general_setting/billing': 'admin.billing',
  'user/*/paid_history': 'admin.billing',
  'setting/zoom_setting': 'admin.contents',
  // Members' comings and goings (user managers) and ended subscriptions (paying managers), beside the feedback notices.
  'notification/members': 'admin.memberNotices',
};

const subAreaPatterns = Object.entries(adminSubAreas)
  .map(([pattern, permission]) => ({ segments: pattern.split('/'), permission }))
  .sort((a, b) => b.segments.length - a.segments.length);

const coversPath = (pattern: readonly string[], segments: readonly string[]) =>
  pattern.length <= segments.length && pattern.every((p, i) => segments[i] !== '' && (p === '*' || p === segments[i]));

/** The permission an admin path needs (`/admin/video/01.../edit` -> `admin.contents`); undefined for unknown areas. */
export function adminPathPermission(pathname: string): PermissionName | undefined {
  const segments = pathname.replace(/^\/admin\/?/, '').split('/');
  const special = subAreaPatterns.find((p) => coversPath(p.segments, segments));
  if (special) return special.permission;
  return (adminAreas as Record<string, PermissionName>)[segments[0] || 'dashboard'];
}

/** Trial unlocks what Pro has, so an operator can evaluate the product; Business and Enterprise add to Pro. */
const planRank: Record<Plan, number> = { trial: 2, basic: 1, pro: 2, business: 3, enterprise: 4 };
export const planAtLeast = (plan: Plan, minimum: Plan): boolean => planRank[plan] >= planRank[minimum];

/** Who is asking, as far as permissions care. Built by the server's middleware and by the web's session. */
export interface Viewer {
  role: 'admin' | 'member';
  adminLevel?: 'super' | 'normal';
  /** Held categories (a super administrator holds every one). */
  categories: readonly AdminCategory[];
  /** groupId -> the caller's manager permissions on that group. */
  managerOf?: Readonly<Record<string, readonly ManagerPermission[]>>;
  plan: Plan;
}

export const heldCategories = (v: Pick<Viewer, 'adminLevel' | 'categories'>): readonly AdminCategory[] =>
  v.adminLevel === 'super' ? adminCategories : v.categories;

/**
 * Why a viewer may not use a permission, or undefined when they may. `resource.groupId` is needed for manager
 * permissions (without it only user managers pass). The reasons map to SPEC §8's "no operation authority"
 * and "plan feature restrictions".
 */
export type Refusal = 'noAuthority' | 'plan';
export function refusal(viewer: Viewer, name: PermissionName, resource: { groupId?: string } = {}): Refusal | undefined {
  const rule: PermissionRule = permissions[name];
  if (rule.kind === 'public' || rule.kind === 'signedIn') return undefined;
  if (rule.kind === 'admin') {
    if (viewer.role !== 'admin') return 'noAuthority';
    const needed: readonly AdminCategory[] = rule.category === undefined ? [] : typeof rule.category === 'string' ? [rule.category] : rule.category;
    if (needed.length && !needed.some((c) => heldCategories(viewer).includes(c))) return 'noAuthority';
  }
  if (rule.kind === 'manager') {
    const asUserManager = viewer.role === 'admin' && heldCategories(viewer).includes('userManager');
    const asGroupManager =
      resource.groupId !== undefined && (viewer.managerOf?.[resource.groupId]?.includes(rule.managerPermission) ?? false);
    if (!asUserManager && !asGroupManager) return 'noAuthority';
  }
  if ('minPlan' in rule && rule.minPlan && !planAtLeast(viewer.plan, rule.minPlan)) return 'plan';
  return undefined;
}

export const may = (viewer: Viewer, name: PermissionName, resource?: { groupId?: string }): boolean =>
  refusal(viewer, name, resource) === undefined;
