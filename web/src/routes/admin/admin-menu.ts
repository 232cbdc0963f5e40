/**
 * The admin menu in sections (SPEC §2 admin areas, grouped the way §6's administrator categories divide the work).
 * No runtime import: the unit test and the e2e support read this table as it is.
 */

/** The sections in menu order; their labels are `admin:menu.sections.<key>`. */
export const adminMenuSectionKeys = ['contents', 'feedback', 'members', 'mail', 'sales', 'site'] as const;
export type AdminMenuSectionKey = (typeof adminMenuSectionKeys)[number];

/**
 * THE table: every menu entry (`nav.key` of an admin route entry) and its section; `top` stands above the sections,
 * alone. Within a section the entries follow this table's order. A new feature's menu entry must be added here:
 * test/unit/web/admin-menu.test.ts fails otherwise (until then it shows under "other", at the end).
 */
export const adminMenuSectionOf = {
  dashboard: 'top',
  // Contents manager: distribution and masters.
  videos: 'contents',
  articles: 'contents',
  pdfs: 'contents',
  playlists: 'contents',
  lives: 'contents',
  events: 'contents',
  files: 'contents',
  categories: 'contents',
  tags: 'contents',
  creators: 'contents',
  // Analyst: analysis and feedback (surveys, tests, comments and the notices members' answers raise).
  analytics: 'feedback',
  enquete: 'feedback',
  tests: 'feedback',
  comments: 'feedback',
  notifications: 'feedback',
  // User manager: members, their groups, invitations, their chat; the member fields (a site setting) join them.
  users: 'members',
  groups: 'members',
  managers: 'members',
  invite: 'members',
  approvalPendingAllUsers: 'members',
  inviteEmailLog: 'members',
  fieldCustomize: 'members',
  chat: 'members',
  // User and paying managers: members who registered, ended a subscription or deleted their account.
  memberNotifications: 'members',
  // User manager: notices to members.
  news: 'mail',
  sendEmail: 'mail',
  emailLog: 'mail',
  mailTemplates: 'mail',
  customMailTemplates: 'mail',
  workflows: 'mail',
  // Paying manager: the payment-provider connection, products and prices.
  payment: 'sales',
  stripe: 'sales',
  // Site manager, designer, the platform subscription and one's own profile.
  basicInfo: 'site',
  siteCustomize: 'site',
  appSetting: 'site',
  administrators: 'site',
  billing: 'site',
  subscription: 'site',
  profile: 'site',
} as const satisfies Record<string, AdminMenuSectionKey | 'top'>;

/** Where an entry missing from the table shows (never, once the unit test passes). */
export type AdminMenuGroupKey = AdminMenuSectionKey | 'other';

/** Above this many entries the menu offers its search box. */
export const ADMIN_MENU_SEARCH_THRESHOLD = 12;

/** The sections the administrator opened themselves (a JSON array of section keys), remembered per browser. */
export const ADMIN_MENU_OPEN_STORAGE_KEY = 'mvp.adminMenu.openSections';

const table: Readonly<Record<string, AdminMenuSectionKey | 'top'>> = adminMenuSectionOf;
const order = Object.keys(adminMenuSectionOf);
const rank = (key: string) => (key in table ? order.indexOf(key) : order.length);

export interface AdminMenuGroup<E> {
  key: AdminMenuGroupKey;
  entries: E[];
}

/** The entries above the sections and the non-empty sections, in menu order (entries not in the table last, in "other"). */
export function groupAdminMenu<E extends { key: string }>(entries: readonly E[]): { top: E[]; sections: AdminMenuGroup<E>[] } {
  const sorted = [...entries].sort((a, b) => rank(a.key) - rank(b.key));
  const top = sorted.filter((e) => table[e.key] === 'top');
  const sections = [...adminMenuSectionKeys, 'other' as const]
    .map((key) => ({ key, entries: sorted.filter((e) => (table[e.key] ?? 'other') === key) }))
    .filter((s) => s.entries.length > 0);
  return { top, sections };
}

const segmentsOf = (path: string) => path.replace(/^\/admin\/?/, '').split('/').filter(Boolean);

/**
 * The menu entry a page belongs to: its own (the path or below it), else the entry sharing the most leading path
 * segments (`/admin/stripe/price/1` -> stripe products, `/admin/site_customize/lp` -> site design); undefined
 * when none shares even the area.
 */
export function entryOfPath<E extends { path: string }>(entries: readonly E[], pathname: string): E | undefined {
  const own = entries.filter((e) => pathname === e.path || pathname.startsWith(`${e.path}/`));
  if (own.length > 0) return own.reduce((a, b) => (b.path.length > a.path.length ? b : a));
  const page = segmentsOf(pathname);
  let best: E | undefined;
  let bestShared = 0;
  for (const entry of entries) {
    const segments = segmentsOf(entry.path);
    let shared = 0;
    while (shared < segments.length && segments[shared] === page[shared]) shared++;
    if (shared > bestShared) [best, bestShared] = [entry, shared];
  }
  return best;
}

/** The section holding a page, if any (the dashboard's is none). */
export function sectionOfPath<E extends { key: string; path: string }>(entries: readonly E[], pathname: string): AdminMenuGroupKey | undefined {
  const entry = entryOfPath(entries, pathname);
  if (!entry) return undefined;
  const section = table[entry.key] ?? 'other';
  return section === 'top' ? undefined : section;
}

/**
 * Text as the search compares it: NFKC (full-width Latin and half-width kana become ordinary), lower case, and
 * hiragana as katakana, so `めーる`, `ﾒｰﾙ` and `メール` all find "メール", and `pdf` finds "ＰＤＦ" or "PDF".
 */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u3041-\u3096]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0x60))
    .replace(/\s+/g, ' ')
    .trim();
}

/** Whether every word of a query is found in the texts (label, section name); an empty query matches nothing. */
export function menuMatches(query: string, ...texts: string[]): boolean {
  const words = foldForSearch(query).split(' ').filter(Boolean);
  if (words.length === 0) return false;
  const haystack = texts.map(foldForSearch).join('\n');
  return words.every((w) => haystack.includes(w));
}

/** The remembered sections, from what storage held (anything unreadable is nothing remembered). */
export function parseOpenSections(stored: string | null): AdminMenuGroupKey[] {
  try {
    const value: unknown = JSON.parse(stored ?? '[]');
    const known: readonly string[] = [...adminMenuSectionKeys, 'other'];
    return Array.isArray(value) ? value.filter((k): k is AdminMenuGroupKey => typeof k === 'string' && known.includes(k)) : [];
  } catch {
    return [];
  }
}
