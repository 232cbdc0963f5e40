import type { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { clientOptions, platformConfig } from '../config';
import { clientUpdateInput, OAUTH_SCOPES } from './app-client';
import { ProviderRejectedError, type FederatedProvider, type FederationAdapter } from './types';
import { recordAwsCalls } from '../aws-calls';
import { injectFaults } from '../faults';

/** Loaded on first use, as identity.ts does: only the calls that manage providers load the Cognito client. */
const sdk = () => import('@aws-sdk/client-cognito-identity-provider');
let client: Promise<CognitoIdentityProviderClient> | undefined;
const cognito = () => (client ??= sdk().then((m) => injectFaults(recordAwsCalls(new m.CognitoIdentityProviderClient(clientOptions('cognito'))))));


/** SAML attribute names the team's IdP should send (the common claim URIs); OIDC uses the standard claims. */
export const SAML_ATTRIBUTES = {
  email: 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress',
  name: 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/name',
};

function providerDetails(p: FederatedProvider): Record<string, string> {
  if (p.type === 'oidc') {
    const o = p.oidc!;
    return {
      client_id: o.clientId,
      client_secret: o.clientSecret,
      attributes_request_method: 'GET',
      oidc_issuer: o.issuer,
      authorize_scopes: OAUTH_SCOPES.join(' '),
    };
  }
  const s = p.saml!;
  return s.metadataUrl ? { MetadataURL: s.metadataUrl } : { MetadataFile: s.metadataXml ?? '' };
}

const attributeMapping = (p: FederatedProvider): Record<string, string> =>
  // email_verified (OIDC): a federated first login links to an existing user of that e-mail only when verified.
  p.type === 'oidc' ? { email: 'email', email_verified: 'email_verified', name: 'name' } : { email: SAML_ATTRIBUTES.email, name: SAML_ATTRIBUTES.name };

const isNotFound = (e: unknown) => e instanceof Error && e.name === 'ResourceNotFoundException';

/**
 * Puts the app client's allowed providers and callback URL in step (`clientUpdateInput`: every other client setting
 * is read first and sent back unchanged).
 */
async function syncClient(change: (providers: Set<string>) => void): Promise<void> {
  const m = await sdk();
  const { userPoolId, userPoolClientId, appOrigin } = platformConfig();
  const { UserPoolClient: c } = await (await cognito()).send(
    new m.DescribeUserPoolClientCommand({ UserPoolId: userPoolId, ClientId: userPoolClientId }),
  );
  if (!c) throw new Error('The app client was not found');
  const providers = new Set(c.SupportedIdentityProviders ?? ['COGNITO']);
  change(providers);
  const input = clientUpdateInput({ userPoolId, clientId: userPoolClientId }, c, { providers, callbackUrls: [`${appOrigin}/login_saml`] });
  await (await cognito()).send(new m.UpdateUserPoolClientCommand(input));
}

export const cognitoFederation: FederationAdapter = {
  async putProvider(p) {
    const m = await sdk();
    const { userPoolId } = platformConfig();
    const c = await cognito();
    const details = { UserPoolId: userPoolId, ProviderName: p.name, ProviderDetails: providerDetails(p), AttributeMapping: attributeMapping(p) };
    try {
      let exists = true;
      try {
        await c.send(new m.DescribeIdentityProviderCommand({ UserPoolId: userPoolId, ProviderName: p.name }));
      } catch (e) {
        if (!isNotFound(e)) throw e;
        exists = false;
      }
      if (exists) await c.send(new m.UpdateIdentityProviderCommand(details));
      else await c.send(new m.CreateIdentityProviderCommand({ ...details, ProviderType: p.type === 'oidc' ? 'OIDC' : 'SAML' }));
    } catch (e) {
      // Cognito checks the issuer's discovery document and the SAML metadata itself.
      if (e instanceof Error && e.name === 'InvalidParameterException') throw new ProviderRejectedError(e.message);
      throw e;
    }
    await syncClient((providers) => providers.add(p.name));
  },

  async removeProvider(name) {
    const m = await sdk();
    await syncClient((providers) => providers.delete(name));
    try {
      await (await cognito()).send(new m.DeleteIdentityProviderCommand({ UserPoolId: platformConfig().userPoolId, ProviderName: name }));
    } catch (e) {
      if (!isNotFound(e)) throw e;
    }
  },
};
