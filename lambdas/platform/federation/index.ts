import { platformConfig } from '../config';
import { cognitoFederation } from './cognito';
import { localFederation } from './local';
import type { FederationAdapter } from './types';

export { ProviderRejectedError, type FederatedProvider, type OidcProviderDetails, type SamlProviderDetails } from './types';
export { federatedProviderOf, federationTeamIdOk, parseProviderName, providerNameOf, providerTypeOf, type TeamProviderKind } from './names';

/**
 * The federation port (issue 15): a team's SAML / OIDC / Google providers at the identity service. In AWS the
 * Cognito API (identity providers + the app client's allowed providers and callback URLs); locally a registry
 * file read by the federation stand-in (`local/federation/`), since cognito-local has no federation.
 */
export const federation = (): FederationAdapter => (platformConfig().mode === 'local' ? localFederation : cognitoFederation);

/** The web's callback for every federated sign-in (SPEC §2 /login_saml). */
export const federationCallbackUrl = (): string => `${platformConfig().appOrigin}/login_saml`;

/** The identity service's OAuth endpoints: Cognito's managed login domain in AWS, the stand-in's locally. */
export function federationEndpoints(): { authorize: string; token: string; oidcRedirectUri: string; samlAcsUrl: string; samlEntityId: string } {
  const { federationBaseUrl, userPoolId } = platformConfig();
  return {
    authorize: `${federationBaseUrl}/oauth2/authorize`,
    token: `${federationBaseUrl}/oauth2/token`,
    oidcRedirectUri: `${federationBaseUrl}/oauth2/idpresponse`,
    samlAcsUrl: `${federationBaseUrl}/saml2/idpresponse`,
    samlEntityId: `urn:amazon:cognito:sp:${userPoolId}`,
  };
}
