import { getItem, putItem, type Item } from '../../platform/db';
import { teamKey } from '../../platform/keys';

/**
 * A team's site settings that shape login and account security (SPEC §5, §6). Entity module: the
 * only code that knows its key. A team that never saved settings gets the defaults.
 */
export interface SiteSettings {
  teamId: string;
  /** Members must verify their e-mail address before they can log in. */
  emailValidityCheck: boolean;
  /** Members (and administrators of this team) must sign in with a TOTP code; needs emailValidityCheck. */
  twoFactorRequired: boolean;
  /** Administrators of this team must sign in with a TOTP code (issue 16); the same rule and enrolment as members'. */
  adminTwoFactorRequired: boolean;
  /** Passwords follow the complex rule (8+, lower, upper, digit). */
  complexPassword: boolean;
  /** CIDR ranges administrators may call from; empty = anywhere. */
  adminIpAllowList: string[];
  /** CIDR ranges members may call from; empty = anywhere. */
  memberIpAllowList: string[];
  /** A new login ends the member's other sessions. */
  singleLogin: boolean;
  /** Public access: visitors may browse the catalog's public videos without login. */
  catalogPublic: boolean;
  /** Members may comment on videos (SPEC §3 site settings: comments). */
  commentsEnabled: boolean;
  /** SPEC §3 survey after registration: members answer it when they log in until they have (login outcome surveyRequired). */
  registrationEnqueteId?: string;
  /** Members may also comment on the other content types' pages; off unless the operator turns it on. */
  contentCommentsEnabled: boolean;
  /**
   * Members and administrators may chat (SPEC §3 site settings: chat). Off until an operator turns it on: members
   * writing into an inbox nobody watches would be worse than no chat.
   */
  chatEnabled: boolean;
  updatedAt?: string;
}

export const defaultSiteSettings = (teamId: string): SiteSettings => ({
  teamId,
  emailValidityCheck: false,
  twoFactorRequired: false,
  adminTwoFactorRequired: false,
  complexPassword: false,
  adminIpAllowList: [],
  memberIpAllowList: [],
  singleLogin: false,
  catalogPublic: false,
  commentsEnabled: true,
  contentCommentsEnabled: false,
  chatEnabled: false,
});

const key = (teamId: string) => ({ pk: teamKey(teamId, 'SETTINGS'), sk: 'SITE' });

export async function getSiteSettings(teamId: string): Promise<SiteSettings> {
  const item = await getItem<Item & SiteSettings>(key(teamId));
  if (!item) return defaultSiteSettings(teamId);
  const { pk: _pk, sk: _sk, type: _type, ...stored } = item;
  return { ...defaultSiteSettings(teamId), ...stored, teamId };
}

export async function putSiteSettings(settings: SiteSettings): Promise<void> {
  await putItem({ ...key(settings.teamId), type: 'siteSettings', ...settings });
}
