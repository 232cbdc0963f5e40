import type { FederatedProviderType } from './types';

/** The provider kinds of a team (SPEC §3): its OIDC provider ("custom"), its SAML provider, Google (social login). */
export type TeamProviderKind = 'oidc' | 'saml' | 'google';

const prefixes: Record<TeamProviderKind, string> = { oidc: 'o', saml: 's', google: 'g' };

/** Cognito provider names are at most 32 characters and the team id must be readable back from them. */
export const federationTeamIdOk = (teamId: string): boolean => /^[0-9A-Za-z-]{1,30}$/.test(teamId);

/** One provider per kind and team: `o-<teamId>`, `s-<teamId>`, `g-<teamId>`. */
export const providerNameOf = (kind: TeamProviderKind, teamId: string): string => `${prefixes[kind]}-${teamId}`;

export const providerTypeOf = (kind: TeamProviderKind): FederatedProviderType => (kind === 'saml' ? 'saml' : 'oidc');

/** The team and kind a provider name stands for, or undefined when it is none of ours. */
export function parseProviderName(name: string): { kind: TeamProviderKind; teamId: string } | undefined {
  const match = /^([osg])-([0-9A-Za-z-]{1,30})$/.exec(name);
  if (!match) return undefined;
  const kind = (Object.keys(prefixes) as TeamProviderKind[]).find((k) => prefixes[k] === match[1])!;
  return { kind, teamId: match[2] };
}

/**
 * The provider a token's person signed in through: Cognito puts a federated user into the group
 * `<userPoolId>_<providerName>` (the local stand-in does the same), so `cognito:groups` names it.
 */
export function federatedProviderOf(groups: readonly string[] | undefined, userPoolId: string): string | undefined {
  const prefix = `${userPoolId}_`;
  return groups?.find((g) => g.startsWith(prefix))?.slice(prefix.length);
}
