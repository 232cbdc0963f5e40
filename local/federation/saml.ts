import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as samlify from 'samlify';
import * as xmllint from '@authenio/samlify-node-xmllint';

/** samlify checks every message against the SAML schema; the validator must be set before any use. */
samlify.setSchemaValidator(xmllint);

export const samlBindings = samlify.Constants.namespace.binding;
export const EMAIL_NAMEID = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';

/** The checked-in key pair of the local SAML IdP: development only, it signs nothing outside this machine. */
const here = (name: string) => fileURLToPath(new URL(name, import.meta.url));
export const localIdpKey = () => readFileSync(here('./dev-saml-idp.key'), 'utf8');
export const localIdpCert = () => readFileSync(here('./dev-saml-idp.crt'), 'utf8');

/** The stand-in of Cognito as a SAML service provider (entity id and ACS as Cognito names them). */
export function shimServiceProvider(entityId: string, acsUrl: string): samlify.ServiceProviderInstance {
  return samlify.ServiceProvider({
    entityID: entityId,
    authnRequestsSigned: false,
    wantAssertionsSigned: false,
    wantMessageSigned: true,
    nameIDFormat: [EMAIL_NAMEID],
    assertionConsumerService: [{ Binding: samlBindings.post, Location: acsUrl }],
  });
}

export const teamIdentityProvider = (metadataXml: string): samlify.IdentityProviderInstance => samlify.IdentityProvider({ metadata: metadataXml });

export { samlify };
