import type { TeamProviderKind } from '../platform/federation';
import type { TeamUser } from '../core/entities/team-user';

/**
 * What a federated person's first login to a team does (issue 15), when the team already has users with the
 * provider's e-mail (`matches`, case-insensitive, the team's own users only):
 * - none: `create` a new member, as before;
 * - an administrator among them: `admin`, nothing is written: the member login answers SPEC §8 "administrators
 *   must use the admin login" (`adminMustUseAdminLogin`), so a provider can never open an administrator's
 *   account, its rights or bypass its TOTP;
 * - the provider did not verify the e-mail: `refuse` (`auth/email_already_registered`), neither linked (anyone
 *   could type that address at a provider that does not check it) nor created (a second user of that e-mail);
 * - a member imported with no login yet (`loginPending`, provisional id): `activate`, its record moves to the
 *   federated identity as the mailed first-password link would move it to the password identity;
 * - otherwise `link` to that member (the oldest if there are several), keeping role, groups and history.
 * Verified: SAML from the team's own IdP (its site manager configured it, so the team vouches for its
 * assertions); OIDC (the team's provider or Google) unless its `email_verified` says false.
 */
export type FirstLoginAction =
  | { action: 'create' }
  | { action: 'admin'; user: TeamUser }
  | { action: 'refuse'; code: 'auth/email_already_registered' }
  | { action: 'activate'; user: TeamUser }
  | { action: 'link'; user: TeamUser };

export const providerEmailVerified = (kind: TeamProviderKind, emailVerified: string | undefined): boolean =>
  kind === 'saml' || emailVerified?.trim().toLowerCase() !== 'false';

export function decideFirstLogin(input: { kind: TeamProviderKind; emailVerified: string | undefined; matches: readonly TeamUser[] }): FirstLoginAction {
  const { matches } = input;
  if (matches.length === 0) return { action: 'create' };
  const admin = matches.find((u) => u.role === 'admin');
  if (admin) return { action: 'admin', user: admin };
  if (!providerEmailVerified(input.kind, input.emailVerified)) return { action: 'refuse', code: 'auth/email_already_registered' };
  const user = [...matches].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.userId.localeCompare(b.userId))[0];
  return user.loginPending ? { action: 'activate', user } : { action: 'link', user };
}
