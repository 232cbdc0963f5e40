import { getItem, putItem, type Item } from '../../platform/db';
import { teamKey } from '../../platform/keys';
import type { SecuritySettings } from '../../../shared/api/calls/settings';

/**
 * A team's site settings that shape login and account security (SPEC §5, §6). Entity module: the
 * only code that knows its key. A team that never saved settings gets the defaults.
 */
export interface SiteSettings extends Omit<SecuritySettings, 'registrationEnqueteId'> {
  teamId: string;
  /** Stored only while a survey is chosen (the call answers null for none). */
  registrationEnqueteId?: string;
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
