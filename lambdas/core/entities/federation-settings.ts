import type { FederationSettings, FederationSettingsAnswer } from '../../../shared/api/calls/federation';
import { checkAuthMethodChange, type AuthMethod } from '../../../shared/rules/auth-method';
import { AppError } from '../http/app-error';
import { getItem, putItem, type Item } from '../../platform/db';
import { platformConfig } from '../../platform/config';
import {
  federation,
  federationEndpoints,
  federationTeamIdOk,
  ProviderRejectedError,
  providerNameOf,
  providerTypeOf,
  type FederatedProvider,
  type TeamProviderKind,
} from '../../platform/federation/index';
import { teamKey } from '../../platform/keys';
import { listTeamUsers } from './team-user';

/**
 * A team's sign-in choices (SPEC §3: auth method, OIDC and SAML provider ids, social login; issue 15). Entity
 * module of `T#<teamId>#SETTINGS / FEDERATION`; client secrets are kept here (encrypted at rest like every item)
 * and never answered.
 */
export interface StoredFederation {
  teamId: string;
  authMethod: AuthMethod;
  oidc: { providerId: string; issuer: string; clientId: string; clientSecret: string } | null;
  saml: { providerId: string; metadataUrl: string | null; metadataXml: string | null } | null;
  google: { clientId: string; clientSecret: string } | null;
  updatedAt?: string;
}

const key = (teamId: string) => ({ pk: teamKey(teamId, 'SETTINGS'), sk: 'FEDERATION' });

export const defaultFederation = (teamId: string): StoredFederation => ({ teamId, authMethod: 'email', oidc: null, saml: null, google: null });

export async function getFederation(teamId: string): Promise<StoredFederation> {
  const item = await getItem<Item & StoredFederation>(key(teamId));
  if (!item) return defaultFederation(teamId);
  const { pk: _pk, sk: _sk, type: _type, ...stored } = item;
  return { ...defaultFederation(teamId), ...stored, teamId };
}

export const federationView = (s: StoredFederation): FederationSettings => ({
  authMethod: s.authMethod,
  oidc: s.oidc ? { providerId: s.oidc.providerId, issuer: s.oidc.issuer, clientId: s.oidc.clientId, hasClientSecret: Boolean(s.oidc.clientSecret) } : null,
  saml: s.saml ? { ...s.saml } : null,
  google: s.google ? { clientId: s.google.clientId, hasClientSecret: Boolean(s.google.clientSecret) } : null,
});

/** SPEC §5 "users": the team's members (member, customer and manager lists); administrators do not count. */
export async function teamHasUsers(teamId: string): Promise<boolean> {
  const pages = await Promise.all(
    (['member', 'customer', 'manager'] as const).map((list) => listTeamUsers(teamId, list, { sort: 'created', order: 'desc', limit: 1 })),
  );
  return pages.some((p) => p.users.length > 0);
}

export async function federationAnswer(teamId: string, stored?: StoredFederation): Promise<FederationSettingsAnswer> {
  const [s, usersExist] = await Promise.all([stored ?? getFederation(teamId), teamHasUsers(teamId)]);
  const { oidcRedirectUri, samlAcsUrl, samlEntityId } = federationEndpoints();
  return { ...federationView(s), usersExist, serviceProvider: { oidcRedirectUri, samlAcsUrl, samlEntityId } };
}

/** Which providers a team's settings put at the identity service (the others are removed). */
export function providersOf(s: StoredFederation): Map<TeamProviderKind, FederatedProvider> {
  const out = new Map<TeamProviderKind, FederatedProvider>();
  const named = (kind: TeamProviderKind) => ({ name: providerNameOf(kind, s.teamId), type: providerTypeOf(kind) });
  if (s.authMethod === 'custom' && s.oidc) {
    out.set('oidc', { ...named('oidc'), oidc: { issuer: s.oidc.issuer, clientId: s.oidc.clientId, clientSecret: s.oidc.clientSecret } });
  }
  if (s.authMethod === 'saml' && s.saml) {
    const metadata = s.saml.metadataUrl ? { metadataUrl: s.saml.metadataUrl } : { metadataXml: s.saml.metadataXml ?? '' };
    out.set('saml', { ...named('saml'), saml: metadata });
  }
  if (s.authMethod !== 'saml' && s.google) {
    out.set('google', { ...named('google'), oidc: { issuer: platformConfig().googleIssuer, clientId: s.google.clientId, clientSecret: s.google.clientSecret } });
  }
  return out;
}

export interface FederationChange {
  authMethod: AuthMethod;
  oidc: { providerId: string; issuer: string; clientId: string; clientSecret?: string } | null;
  saml: { providerId: string; metadataUrl: string | null; metadataXml: string | null } | null;
  google: { clientId: string; clientSecret?: string } | null;
}

const fieldOf: Record<TeamProviderKind, string> = { oidc: 'oidc.issuer', saml: 'saml.metadataUrl', google: 'google.clientId' };

/**
 * Saves the team's sign-in choices: the auth method cannot change while the team has users (SPEC §5); an empty
 * secret keeps the stored one; each provider in use is created or updated at the identity service first (a
 * refusal saves nothing), providers no longer in use are removed after the save.
 */
export async function updateFederation(teamId: string, change: FederationChange, now = new Date()): Promise<FederationSettingsAnswer> {
  const current = await getFederation(teamId);
  if (change.authMethod !== current.authMethod) {
    const code = checkAuthMethodChange(current.authMethod, change.authMethod, (await teamHasUsers(teamId)) ? 1 : 0);
    if (code) throw new AppError(code, { authMethod: code });
  }
  const secret = (given: string | undefined, kept: string | undefined) => (given?.trim() ? given.trim() : (kept ?? ''));
  const next: StoredFederation = {
    teamId,
    authMethod: change.authMethod,
    oidc: change.oidc ? { ...change.oidc, clientSecret: secret(change.oidc.clientSecret, current.oidc?.clientSecret) } : null,
    saml: change.saml ? { ...change.saml, metadataXml: change.saml.metadataUrl ? null : change.saml.metadataXml } : null,
    google: change.google ? { clientId: change.google.clientId, clientSecret: secret(change.google.clientSecret, current.google?.clientSecret) } : null,
    updatedAt: now.toISOString(),
  };
  const wanted = providersOf(next);
  if (wanted.size > 0 && !federationTeamIdOk(teamId)) throw new AppError('common/illegal_operation');
  for (const [kind, provider] of wanted) {
    if (provider.type === 'oidc' && !provider.oidc?.clientSecret) {
      throw new AppError('common/invalid_input', { [kind === 'google' ? 'google.clientSecret' : 'oidc.clientSecret']: 'validation/required' });
    }
    try {
      await federation().putProvider(provider);
    } catch (e) {
      if (e instanceof ProviderRejectedError) throw new AppError('common/invalid_input', { [fieldOf[kind]]: 'validation/invalid_value' });
      throw e;
    }
  }
  await putItem({ ...key(teamId), type: 'federationSettings', ...next });
  for (const kind of providersOf(current).keys()) {
    if (!wanted.has(kind)) await federation().removeProvider(providerNameOf(kind, teamId));
  }
  return federationAnswer(teamId, next);
}
