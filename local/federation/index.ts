import type { IncomingMessage, ServerResponse } from 'node:http';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { createLocalOidcIdp, LOCAL_OIDC_PATH } from './oidc-idp';
import { createLocalSamlIdp, LOCAL_SAML_PATH } from './saml-idp';
import { createFederationShim } from './shim';

export { LOCAL_OIDC_CLIENTS } from './oidc-idp';

export type FederationHandler = (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<void>;

/**
 * Federated sign-in on the embedded platform (issue 15), all on the gateway's own port: the stand-in of Cognito's
 * managed login (`/federation/*`), a local OIDC provider (`/local-idp/oidc`) and a local SAML provider
 * (`/local-idp/saml`). Answers the gateway's handler for those paths and what a site manager enters.
 */
export function startLocalFederation(opts: { baseUrl: string; cognitoEndpoint: string; userPoolId: string; userPoolClientId: string; registryFile: string }) {
  mkdirSync(dirname(opts.registryFile), { recursive: true });
  const oidc = createLocalOidcIdp(opts.baseUrl);
  const saml = createLocalSamlIdp(opts.baseUrl, {
    entityId: `urn:amazon:cognito:sp:${opts.userPoolId}`,
    acsUrl: `${opts.baseUrl}/federation/saml2/idpresponse`,
  });
  const shim = createFederationShim(opts);
  const handle: FederationHandler = async (req, res, url) => {
    if (url.pathname.startsWith(`${LOCAL_OIDC_PATH}/`) || url.pathname === LOCAL_OIDC_PATH) return oidc.handle(req, res, url);
    if (url.pathname.startsWith(`${LOCAL_SAML_PATH}/`)) return saml.handle(req, res, url);
    return shim(req, res, url);
  };
  return { handle, oidcIssuer: oidc.issuer, samlMetadataUrl: saml.metadataUrl };
}

export const isFederationPath = (pathname: string): boolean =>
  pathname.startsWith('/federation/') || pathname.startsWith(`${LOCAL_OIDC_PATH}/`) || pathname === LOCAL_OIDC_PATH || pathname.startsWith(`${LOCAL_SAML_PATH}/`);
