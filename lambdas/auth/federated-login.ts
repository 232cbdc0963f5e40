import type { LoginProvider, TeamLoginMethods } from '../../shared/api/calls/federation';
import { normalizeEmail } from '../../shared/rules/email';
import { AppError } from '../core/http/app-error';
import { emitActivity } from '../core/events/domain-events';
import { ConditionFailedError, transact } from '../platform/db';
import { platformConfig } from '../platform/config';
import { federatedProviderOf, federationCallbackUrl, federationEndpoints, parseProviderName, providerNameOf, type TeamProviderKind } from '../platform/federation';
import { identityProfile } from '../platform/identity';
import { getFederation, providersOf, type StoredFederation } from '../core/entities/federation-settings';
import { deleteTeamUserOps, findTeamUsersByEmail, getIdentityLink, getTeamUser, linkIdentityOps, putTeamUserOps, type TeamUser } from '../core/entities/team-user';
import { moveMembershipsOps } from '../core/entities/group';
import { decideFirstLogin } from './federated-first-login';

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

/** First-login writes tried before answering 409 (another write changed the matched member in between). */
const FIRST_LOGIN_ATTEMPTS = 3;

/**
 * Before the member login decides its outcome (issue 15). A person who came through a provider must have come
 * through one this team uses now (another team's provider, or one turned off since, is `auth/provider_not_allowed`);
 * their first login links them to the team's user of the same e-mail or creates a member
 * (`decideFirstLogin`). A password sign-in is refused while the team uses SAML.
 * Answers the team user the caller acts as (their own, or the one their identity is linked to), if any.
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
  for (let attempt = 0; ; attempt++) {
    const linked = await linkedTeamUser(teamId, caller.userId);
    if (linked !== 'none') return linked;
    try {
      return await firstLogin(teamId, caller, provider.kind);
    } catch (e) {
      // Another first login of this identity, or a change of the matched member, came first: look again.
      if (!(e instanceof ConditionFailedError)) throw e;
      if (attempt >= FIRST_LOGIN_ATTEMPTS - 1) throw new AppError('common/concurrent_update');
    }
  }
}

/**
 * The team user a federated identity was linked to, by its identity link. A linked administrator (promoted after
 * the link) is answered as such, which the member login refuses (`adminMustUseAdminLogin`).
 */
async function linkedTeamUser(teamId: string, sub: string): Promise<TeamUser | undefined | 'none'> {
  const link = await getIdentityLink(sub, teamId, true);
  if (!link) return 'none';
  return getTeamUser(teamId, link.userId, true);
}

async function firstLogin(teamId: string, caller: { userId: string; username: string }, kind: TeamProviderKind): Promise<TeamUser | undefined> {
  const profile = await identityProfile(caller.username);
  if (!profile.email) throw new AppError('auth/login_failed');
  const email = normalizeEmail(profile.email);
  const decided = decideFirstLogin({ kind, emailVerified: profile.emailVerified, matches: await findTeamUsersByEmail(teamId, email) });
  const at = new Date().toISOString();
  switch (decided.action) {
    case 'admin':
      // Nothing written: the member login answers "administrators must use the admin login".
      return decided.user;
    case 'refuse':
      throw new AppError(decided.code);
    case 'link': {
      // The record as stored now (the search row carries no version); the provider verified this address.
      const before = await getTeamUser(teamId, decided.user.userId, true);
      if (!before) throw new ConditionFailedError();
      await transact(linkIdentityOps(before, caller.userId, { emailVerified: true, updatedAt: at }));
      return { ...before, emailVerified: true, updatedAt: at, linkedIdentities: [...(before.linkedIdentities ?? []), caller.userId], version: (before.version ?? 0) + 1 };
    }
    case 'activate': {
      const before = await getTeamUser(teamId, decided.user.userId, true);
      if (!before?.loginPending) throw new ConditionFailedError();
      const { loginPending: _pending, version: _version, ...rest } = before;
      const moved: TeamUser = { ...rest, userId: caller.userId, emailVerified: true, updatedAt: at };
      await transact([...deleteTeamUserOps(before), ...putTeamUserOps(moved), ...moveMembershipsOps(teamId, before.userId, caller.userId, before.groupIds ?? [], at)]);
      return { ...moved, version: 1 };
    }
    case 'create': {
      const user: TeamUser = {
        teamId,
        userId: caller.userId,
        email,
        name: nameFrom(profile.email, profile.name),
        role: 'member',
        categories: [],
        disabled: false,
        emailVerified: true,
        createdAt: at,
      };
      await transact(putTeamUserOps(user));
      // Analytics (issue 14): a member signed up, as a join through an invitation counts one.
      await emitActivity({ teamId, at: new Date(at), userId: caller.userId, counts: { signups: 1 } });
      return { ...user, version: 1 };
    }
  }
}
