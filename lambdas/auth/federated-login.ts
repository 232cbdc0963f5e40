import type { LoginProvider, TeamLoginMethods } from '../../shared/api/calls/federation';
import { AppError } from '../http/app-error';
import { transact } from '../platform/db';
import { platformConfig } from '../platform/config';
import { federatedProviderOf, federationCallbackUrl, federationEndpoints, parseProviderName, providerNameOf, type TeamProviderKind } from '../platform/federation';
import { identityProfile } from '../platform/identity';
import { getFederation, providersOf, type StoredFederation } from '../settings/federation-settings';
import { getTeamUser, putTeamUserOps, type TeamUser } from '../teams/team-user';

/** The buttons of the member login page: the providers the team's settings put in use. */
export function loginMethodsOf(s: StoredFederation): TeamLoginMethods {
  const providers: LoginProvider[] = [];
  for (const kind of providersOf(s).keys()) {
    const label = kind === 'oidc' ? s.oidc!.providerId : kind === 'saml' ? s.saml!.providerId : 'Google';
    providers.push({ kind, label });
  }
  return { teamId: s.teamId, authMethod: s.authMethod, passwordLogin: s.authMethod !== 'saml', providers };
}

/** With SAML the team's members sign in through their provider only: password login and reset are refused. */
export async function refusePasswordWhenSaml(teamId: string): Promise<void> {
  if ((await getFederation(teamId)).authMethod === 'saml') throw new AppError('auth/provider_not_allowed');
}

/** Where the browser goes to sign in through the team's provider (the identity service's authorize endpoint). */
export async function federatedLoginUrl(input: { teamId: string; provider: TeamProviderKind; redirectUri: string; codeChallenge: string; state: string }) {
  const settings = await getFederation(input.teamId);
  if (!providersOf(settings).has(input.provider)) throw new AppError('auth/provider_not_allowed');
  if (input.redirectUri !== federationCallbackUrl()) throw new AppError('common/invalid_input', { redirectUri: 'validation/invalid_value' });
  const endpoints = federationEndpoints();
  const { userPoolClientId } = platformConfig();
  const url = new URL(endpoints.authorize);
  url.search = new URLSearchParams({
    identity_provider: providerNameOf(input.provider, input.teamId),
    client_id: userPoolClientId,
    response_type: 'code',
    scope: 'openid email profile',
    redirect_uri: input.redirectUri,
    state: input.state,
    code_challenge: input.codeChallenge,
    code_challenge_method: 'S256',
  }).toString();
  return { url: url.toString(), tokenUrl: endpoints.token, clientId: userPoolClientId };
}

const nameFrom = (email: string, name: string | undefined) => (name?.trim() || email.split('@')[0] || email).slice(0, 100);

/**
 * Before the member login decides its outcome (issue 15). A person who came through a provider must have come
 * through one this team uses now (another team's provider, or one turned off since, is `auth/provider_not_allowed`);
 * their first login creates their team user as a member. A password sign-in is refused while the team uses SAML.
 * Answers the team user (created or found).
 */
export async function admitCaller(teamId: string, caller: { userId: string; username: string; groups?: string[] }): Promise<TeamUser | undefined> {
  const providerName = federatedProviderOf(caller.groups, platformConfig().userPoolId);
  const [settings, existing] = await Promise.all([getFederation(teamId), getTeamUser(teamId, caller.userId)]);
  if (!providerName) {
    // Administrators of a SAML team still sign in with their password at the admin login; not here.
    if (settings.authMethod === 'saml' && existing?.role !== 'admin') throw new AppError('auth/provider_not_allowed');
    return existing;
  }
  const provider = parseProviderName(providerName);
  if (!provider || provider.teamId !== teamId || !providersOf(settings).has(provider.kind)) throw new AppError('auth/provider_not_allowed');
  if (existing) return existing;
  const profile = await identityProfile(caller.username);
  if (!profile.email) throw new AppError('auth/login_failed');
  const user: TeamUser = {
    teamId,
    userId: caller.userId,
    email: profile.email.toLowerCase(),
    name: nameFrom(profile.email, profile.name),
    role: 'member',
    categories: [],
    disabled: false,
    emailVerified: true,
    createdAt: new Date().toISOString(),
  };
  try {
    await transact(putTeamUserOps(user));
  } catch (e) {
    // Two first logins at once: the other one created it.
    const created = await getTeamUser(teamId, caller.userId, true);
    if (created) return created;
    throw e;
  }
  return user;
}
