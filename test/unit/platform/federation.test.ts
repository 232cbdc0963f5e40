import './aws-env';
import {
  CognitoIdentityProviderClient,
  CreateIdentityProviderCommand,
  DeleteIdentityProviderCommand,
  DescribeIdentityProviderCommand,
  DescribeUserPoolClientCommand,
  UpdateIdentityProviderCommand,
  UpdateUserPoolClientCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { federation, federationEndpoints, federatedProviderOf, parseProviderName, ProviderRejectedError, providerNameOf } from '../../../lambdas/platform/federation';

const cognito = mockClient(CognitoIdentityProviderClient);

beforeAll(() => {
  process.env.APP_ORIGIN = 'https://app.example.com';
  process.env.FEDERATION_BASE_URL = 'https://mvp-dev.auth.ap-northeast-1.amazoncognito.com';
});

/** The app client as the auth stack creates it (fields UpdateUserPoolClient would otherwise reset). */
const existingClient = {
  UserPoolId: 'ap-northeast-1_pool',
  ClientId: 'web-client',
  ClientName: 'mvp-dev-web',
  RefreshTokenValidity: 30,
  AccessTokenValidity: 60,
  IdTokenValidity: 60,
  TokenValidityUnits: { AccessToken: 'minutes', IdToken: 'minutes', RefreshToken: 'days' },
  ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
  PreventUserExistenceErrors: 'LEGACY',
  EnableTokenRevocation: true,
  SupportedIdentityProviders: ['COGNITO', 's-01OTHERTEAM'],
  CallbackURLs: ['https://app.example.com/login_saml'],
};

beforeEach(() => {
  cognito.reset();
  cognito.on(DescribeUserPoolClientCommand).resolves({ UserPoolClient: existingClient as never });
  cognito.on(UpdateUserPoolClientCommand).resolves({});
});

describe('federation port, AWS adapter (Cognito)', () => {
  it('creates a new OIDC provider, then allows it on the app client keeping every other client setting', async () => {
    cognito.on(DescribeIdentityProviderCommand).rejects(Object.assign(new Error('not found'), { name: 'ResourceNotFoundException' }));
    cognito.on(CreateIdentityProviderCommand).resolves({});
    await federation().putProvider({
      name: 'o-01TEAM',
      type: 'oidc',
      oidc: { issuer: 'https://idp.example.com', clientId: 'cid', clientSecret: 'secret' },
    });
    expect(cognito.commandCalls(CreateIdentityProviderCommand)[0].args[0].input).toEqual({
      UserPoolId: 'ap-northeast-1_pool',
      ProviderName: 'o-01TEAM',
      ProviderType: 'OIDC',
      ProviderDetails: {
        client_id: 'cid',
        client_secret: 'secret',
        attributes_request_method: 'GET',
        oidc_issuer: 'https://idp.example.com',
        authorize_scopes: 'openid email profile',
      },
      AttributeMapping: { email: 'email', email_verified: 'email_verified', name: 'name' },
    });
    expect(cognito.commandCalls(UpdateIdentityProviderCommand)).toHaveLength(0);
    expect(cognito.commandCalls(UpdateUserPoolClientCommand)[0].args[0].input).toEqual({
      UserPoolId: 'ap-northeast-1_pool',
      ClientId: 'web-client',
      ClientName: 'mvp-dev-web',
      RefreshTokenValidity: 30,
      AccessTokenValidity: 60,
      IdTokenValidity: 60,
      TokenValidityUnits: { AccessToken: 'minutes', IdToken: 'minutes', RefreshToken: 'days' },
      ReadAttributes: undefined,
      WriteAttributes: undefined,
      ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      PreventUserExistenceErrors: 'LEGACY',
      EnableTokenRevocation: true,
      EnablePropagateAdditionalUserContextData: undefined,
      AuthSessionValidity: undefined,
      LogoutURLs: undefined,
      SupportedIdentityProviders: ['COGNITO', 'o-01TEAM', 's-01OTHERTEAM'],
      CallbackURLs: ['https://app.example.com/login_saml'],
      AllowedOAuthFlows: ['code'],
      AllowedOAuthScopes: ['openid', 'email', 'profile'],
      AllowedOAuthFlowsUserPoolClient: true,
    });
  });

  it('updates an existing SAML provider from its metadata URL (no second create)', async () => {
    cognito.on(DescribeIdentityProviderCommand).resolves({ IdentityProvider: { ProviderName: 's-01TEAM' } });
    cognito.on(UpdateIdentityProviderCommand).resolves({});
    await federation().putProvider({ name: 's-01TEAM', type: 'saml', saml: { metadataUrl: 'https://idp.example.com/metadata' } });
    expect(cognito.commandCalls(CreateIdentityProviderCommand)).toHaveLength(0);
    expect(cognito.commandCalls(UpdateIdentityProviderCommand)[0].args[0].input).toEqual({
      UserPoolId: 'ap-northeast-1_pool',
      ProviderName: 's-01TEAM',
      ProviderDetails: { MetadataURL: 'https://idp.example.com/metadata' },
      AttributeMapping: {
        email: 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress',
        name: 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/name',
      },
    });
  });

  it("answers Cognito's refusal of the details as ProviderRejectedError and leaves the client alone", async () => {
    cognito.on(DescribeIdentityProviderCommand).rejects(Object.assign(new Error('not found'), { name: 'ResourceNotFoundException' }));
    cognito.on(CreateIdentityProviderCommand).rejects(Object.assign(new Error('Unable to contact well-known endpoint'), { name: 'InvalidParameterException' }));
    await expect(
      federation().putProvider({ name: 'o-01TEAM', type: 'oidc', oidc: { issuer: 'https://bad.example', clientId: 'c', clientSecret: 's' } }),
    ).rejects.toBeInstanceOf(ProviderRejectedError);
    expect(cognito.commandCalls(UpdateUserPoolClientCommand)).toHaveLength(0);
  });

  it('removes a provider from the client first, then deletes it (an unknown one is fine)', async () => {
    cognito.on(DeleteIdentityProviderCommand).rejects(Object.assign(new Error('gone'), { name: 'ResourceNotFoundException' }));
    await federation().removeProvider('s-01OTHERTEAM');
    expect(cognito.commandCalls(UpdateUserPoolClientCommand)[0].args[0].input.SupportedIdentityProviders).toEqual(['COGNITO']);
    expect(cognito.commandCalls(DeleteIdentityProviderCommand)[0].args[0].input).toEqual({ UserPoolId: 'ap-northeast-1_pool', ProviderName: 's-01OTHERTEAM' });
  });

  it("names the managed login's endpoints and reads a token's provider back to its team", () => {
    expect(federationEndpoints()).toEqual({
      authorize: 'https://mvp-dev.auth.ap-northeast-1.amazoncognito.com/oauth2/authorize',
      token: 'https://mvp-dev.auth.ap-northeast-1.amazoncognito.com/oauth2/token',
      oidcRedirectUri: 'https://mvp-dev.auth.ap-northeast-1.amazoncognito.com/oauth2/idpresponse',
      samlAcsUrl: 'https://mvp-dev.auth.ap-northeast-1.amazoncognito.com/saml2/idpresponse',
      samlEntityId: 'urn:amazon:cognito:sp:ap-northeast-1_pool',
    });
    expect(providerNameOf('google', '01TEAM')).toBe('g-01TEAM');
    expect(parseProviderName('s-01TEAM')).toEqual({ kind: 'saml', teamId: '01TEAM' });
    expect(parseProviderName('Google')).toBeUndefined();
    expect(federatedProviderOf(['admins', 'ap-northeast-1_pool_o-01TEAM'], 'ap-northeast-1_pool')).toBe('o-01TEAM');
    expect(federatedProviderOf(['admins'], 'ap-northeast-1_pool')).toBeUndefined();
  });
});
