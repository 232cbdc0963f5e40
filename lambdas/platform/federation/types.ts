/**
 * The federation port's shapes (issue 15): a team's OpenID Connect or SAML identity provider as the identity
 * service keeps it. Cognito identity providers in AWS (cognito.ts); the local stand-in's registry here (local.ts).
 */
export type FederatedProviderType = 'oidc' | 'saml';

export interface OidcProviderDetails {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

export interface SamlProviderDetails {
  /** One of the two: Cognito reads the URL itself, or takes the metadata document. */
  metadataUrl?: string;
  metadataXml?: string;
}

export interface FederatedProvider {
  /** The identity service's provider name (`providerNameOf` in names.ts). */
  name: string;
  type: FederatedProviderType;
  oidc?: OidcProviderDetails;
  saml?: SamlProviderDetails;
}

export interface FederationAdapter {
  /** Creates or updates the provider and allows it (with the web's callback URL) on the app client. */
  putProvider(provider: FederatedProvider): Promise<void>;
  /** Takes the provider off the app client and deletes it; an unknown name is fine. */
  removeProvider(name: string): Promise<void>;
}

/** Thrown when the identity service refuses a provider's details (a bad issuer, unreadable metadata). */
export class ProviderRejectedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProviderRejectedError';
  }
}
