import type { SecuritySettings } from '../../shared/api/calls/settings';
import { ipAllowed } from './ip-allow-list';
import { getSiteSettings, putSiteSettings, type SiteSettings } from './site-settings';

export const securityOf = (s: SiteSettings): SecuritySettings => ({
  emailValidityCheck: s.emailValidityCheck,
  twoFactorRequired: s.twoFactorRequired,
  complexPassword: s.complexPassword,
  adminIpAllowList: s.adminIpAllowList,
  memberIpAllowList: s.memberIpAllowList,
  singleLogin: s.singleLogin,
  catalogPublic: s.catalogPublic,
  commentsEnabled: s.commentsEnabled,
});

export type UpdateSecurityResult = { ok: true; settings: SecuritySettings } | { ok: false; reason: 'lockout' };

/**
 * Saves the team's security settings. An admin allow list that leaves out the saving
 * administrator's own address would lock them out on their next call, so it needs `confirmLockout`.
 */
export async function updateSecuritySettings(
  teamId: string,
  change: SecuritySettings & { confirmLockout?: boolean },
  callerIp: string,
  now = new Date(),
): Promise<UpdateSecurityResult> {
  const { confirmLockout, ...settings } = change;
  if (!confirmLockout && !ipAllowed(callerIp, settings.adminIpAllowList)) return { ok: false, reason: 'lockout' };
  const current = await getSiteSettings(teamId);
  const next: SiteSettings = { ...current, ...settings, teamId, updatedAt: now.toISOString() };
  await putSiteSettings(next);
  return { ok: true, settings: securityOf(next) };
}
