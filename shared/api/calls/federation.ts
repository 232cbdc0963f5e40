import * as z from 'zod/mini';
import { callsOf } from '../define';
import { idSchema } from '../ids';
import { authMethods, type AuthMethod } from '../../rules/auth-method';
import { whenValid } from '../../rules/issues';

const authCall = callsOf('auth');
const settingsCall = callsOf('settings');

/**
 * SPEC §3 site settings: the auth method (email, custom = the team's OIDC provider, saml), the provider ids of
 * OIDC and SAML and social login (Google), per team (issue 15). The server pushes each provider to the identity
 * service (Cognito identity providers in AWS; the local federation stand-in here).
 */
export const federatedProviderKinds = ['oidc', 'saml', 'google'] as const;
export type FederatedProviderKind = (typeof federatedProviderKinds)[number];

export interface OidcProviderSettings {
  /** SPEC §3 "provider id": the operator's name for the provider, shown on the login button. */
  providerId: string;
  issuer: string;
  clientId: string;
  /** The secret is never answered. */
  hasClientSecret: boolean;
}

export interface SamlProviderSettings {
  providerId: string;
  metadataUrl: string | null;
  /** Metadata given as a file (XML); null when a URL is used. */
  metadataXml: string | null;
}

export interface GoogleProviderSettings {
  clientId: string;
  hasClientSecret: boolean;
}

export interface FederationSettings {
  authMethod: AuthMethod;
  oidc: OidcProviderSettings | null;
  saml: SamlProviderSettings | null;
  /** SPEC §3 social login: Google, as an OpenID Connect provider of the team. */
  google: GoogleProviderSettings | null;
}

/** What the operator gives their identity provider (redirect URI, SAML ACS and entity id). */
export interface ServiceProviderInfo {
  oidcRedirectUri: string;
  samlAcsUrl: string;
  samlEntityId: string;
}

export interface FederationSettingsAnswer extends FederationSettings {
  serviceProvider: ServiceProviderInfo;
  /** Whether the team has users (members): the auth method cannot change then (SPEC §5). */
  usersExist: boolean;
}

const required = (max: number) =>
  z.string({ error: 'validation/required' }).check(z.trim(), z.minLength(1, 'validation/required'), z.maxLength(max, 'validation/too_long'));
const providerIdSchema = required(40).check(z.regex(/^[A-Za-z0-9][A-Za-z0-9 ._-]*$/, 'validation/invalid_value'));
const httpUrl = z
  .string({ error: 'validation/required' })
  .check(
    z.trim(),
    z.minLength(1, 'validation/required'),
    z.maxLength(500, 'validation/too_long'),
    z.refine((v) => /^https?:\/\/[^\s]+$/.test(v) && URL.canParse(v), 'validation/invalid_value'),
  );
/** Empty or absent: keep the stored secret. */
const secretSchema = z.optional(z.string({ error: 'validation/invalid_value' }).check(z.maxLength(500, 'validation/too_long')));

export const federationSettingsInput = z
  .object({
    authMethod: z.enum(authMethods, { error: 'validation/invalid_value' }),
    oidc: z.nullable(z.object({ providerId: providerIdSchema, issuer: httpUrl, clientId: required(200), clientSecret: secretSchema })),
    saml: z.nullable(
      z.object({
        providerId: providerIdSchema,
        metadataUrl: z.nullable(httpUrl),
        metadataXml: z.nullable(z.string({ error: 'validation/invalid_value' }).check(z.maxLength(100_000, 'validation/too_long'))),
      }),
    ),
    google: z.nullable(z.object({ clientId: required(200), clientSecret: secretSchema })),
  })
  .check(
    z.superRefine((v, ctx) => {
        if (v.authMethod === 'custom' && !v.oidc) ctx.addIssue({ code: 'custom', path: ['oidc'], message: 'validation/required' });
        if (v.authMethod === 'saml' && !v.saml) ctx.addIssue({ code: 'custom', path: ['saml', 'providerId'], message: 'validation/required' });
        if (v.saml && !v.saml.metadataUrl && !v.saml.metadataXml?.trim()) {
          ctx.addIssue({ code: 'custom', path: ['saml', 'metadataUrl'], message: 'validation/required' });
        }
        // With SAML the team signs in through its SAML provider only (no password, no social login).
        if (v.authMethod === 'saml' && v.google) ctx.addIssue({ code: 'custom', path: ['google'], message: 'validation/invalid_value' });
    }, whenValid('authMethod', 'oidc', 'saml', 'google')),
  );

export const getFederationSettingsCall = settingsCall<z.ZodMiniObject<{}>, FederationSettingsAnswer>()('/settings/federation/get', 'admin.site.externalLogin', z.object({}));

/** Saves the settings and creates or updates the team's providers at the identity service. */
export const updateFederationSettingsCall = settingsCall<typeof federationSettingsInput, FederationSettingsAnswer>()('/settings/federation/update', 'admin.site.externalLogin', federationSettingsInput);

/** A login button of the member login page. */
export interface LoginProvider {
  kind: FederatedProviderKind;
  /** The operator's provider id (OIDC, SAML) or "Google". */
  label: string;
}

export interface TeamLoginMethods {
  teamId: string;
  authMethod: AuthMethod;
  /** False with SAML: the password form and password reset are refused. */
  passwordLogin: boolean;
  providers: LoginProvider[];
}

/** Public: how the team's members sign in (the member login page and /login_saml). */
export const getLoginMethodsCall = authCall<z.ZodMiniObject<{ teamId: typeof idSchema }>, TeamLoginMethods>()('/auth/login_methods', 'public', z.object({ teamId: idSchema }));

const startInput = z.object({
  teamId: idSchema,
  provider: z.enum(federatedProviderKinds, { error: 'validation/invalid_value' }),
  /** The web's callback (`<origin>/login_saml`): must be one the identity service allows. */
  redirectUri: z.string({ error: 'validation/required' }).check(z.maxLength(500, 'validation/too_long')),
  /** PKCE S256 challenge and the state the web checks on return. */
  codeChallenge: z.string({ error: 'validation/required' }).check(z.regex(/^[A-Za-z0-9_-]{43}$/, 'validation/invalid_value')),
  state: z.string({ error: 'validation/required' }).check(z.regex(/^[A-Za-z0-9_.-]{8,200}$/, 'validation/invalid_value')),
});

/**
 * Public: where the browser goes to sign in through the team's provider (the identity service's authorize
 * endpoint: Cognito's managed login in AWS, the local stand-in here). A provider the team has not set up is
 * `auth/provider_not_allowed`.
 */
export const startFederatedLoginCall = authCall<typeof startInput, { url: string; tokenUrl: string; clientId: string }>()('/auth/federation_start', 'public', startInput);
