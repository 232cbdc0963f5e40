import type { SecuritySettings } from '../../shared/api/calls/settings';
import { getEnquete } from '../core/entities/enquete';
import { AppError } from '../core/http/app-error';
import { ipAllowed } from '../core/access/ip-allow-list';
import { getSiteSettings, putSiteSettings, type SiteSettings } from '../core/entities/site-settings';

export const securityOf = (s: SiteSettings): SecuritySettings => ({
  emailValidityCheck: s.emailValidityCheck,
  twoFactorRequired: s.twoFactorRequired,
  adminTwoFactorRequired: s.adminTwoFactorRequired,
  complexPassword: s.complexPassword,
  adminIpAllowList: s.adminIpAllowList,
  memberIpAllowList: s.memberIpAllowList,
  singleLogin: s.singleLogin,
  catalogPublic: s.catalogPublic,
  commentsEnabled: s.commentsEnabled,
  registrationEnqueteId: s.registrationEnqueteId ?? null,
  contentCommentsEnabled: s.contentCommentsEnabled,
  chatEnabled: s.chatEnabled,
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
  const { confirmLockout, registrationEnqueteId, ...settings } = change;
  if (!confirmLockout && !ipAllowed(callerIp, settings.adminIpAllowList)) return { ok: false, reason: 'lockout' };
  // The registration survey must be one of this team's (another team's id reads as unknown).
  if (registrationEnqueteId && !(await getEnquete(teamId, registrationEnqueteId, true))) {
    throw new AppError('common/invalid_input', { registrationEnqueteId: 'validation/invalid_value' });
  }
  const current = await getSiteSettings(teamId);
  const { registrationEnqueteId: _before, ...rest } = current;
  const next: SiteSettings = { ...rest, ...settings, ...(registrationEnqueteId ? { registrationEnqueteId } : {}), teamId, updatedAt: now.toISOString() };
  await putSiteSettings(next);
  return { ok: true, settings: securityOf(next) };
}
