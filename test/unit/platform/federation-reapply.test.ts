import './aws-env';
import {
  CognitoIdentityProviderClient,
  DescribeUserPoolClientCommand,
  ListIdentityProvidersCommand,
  UpdateUserPoolClientCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import type { CloudFormationCustomResourceEvent } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { handler } from '../../../lambdas/events/reapply-team-providers';
import { reapplyTeamProviders } from '../../../lambdas/platform/federation/reapply';

const cognito = mockClient(CognitoIdentityProviderClient);

/** The web client right after CloudFormation updated it: the template's settings, providers reset to COGNITO. */
const deployedClient = {
  UserPoolId: 'ap-northeast-1_pool',
  ClientId: 'web-client',
  ClientName: 'mvp-dev-web',
  RefreshTokenValidity: 30,
  AccessTokenValidity: 60,
  IdTokenValidity: 120,
  TokenValidityUnits: { AccessToken: 'minutes', IdToken: 'minutes', RefreshToken: 'days' },
  ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
  PreventUserExistenceErrors: 'LEGACY',
  EnableTokenRevocation: true,
  SupportedIdentityProviders: ['COGNITO'],
  CallbackURLs: ['https://app.example.com/login_saml'],
  AllowedOAuthFlows: ['code'],
  AllowedOAuthScopes: ['openid', 'email', 'profile'],
  AllowedOAuthFlowsUserPoolClient: true,
};
const target = { userPoolId: 'ap-northeast-1_pool', clientId: 'web-client', callbackUrls: ['https://app.example.com/login_saml'] };

beforeEach(() => {
  cognito.reset();
  cognito.on(DescribeUserPoolClientCommand).resolves({ UserPoolClient: deployedClient as never });
  cognito.on(UpdateUserPoolClientCommand).resolves({});
});

describe('re-applying the teams’ providers after a deploy (reapply.ts)', () => {
  it('allows every team provider of the pool again, across pages, keeping every other client setting', async () => {
    cognito
      .on(ListIdentityProvidersCommand)
      .resolvesOnce({ Providers: [{ ProviderName: 'o-01TEAMA', ProviderType: 'OIDC' }, { ProviderName: 'CorpAD', ProviderType: 'SAML' }], NextToken: 'page-2' })
      .resolvesOnce({ Providers: [{ ProviderName: 's-01TEAMB', ProviderType: 'SAML' }, { ProviderName: 'g-01TEAMA', ProviderType: 'OIDC' }] });
    expect(await reapplyTeamProviders(target)).toEqual(['COGNITO', 'g-01TEAMA', 'o-01TEAMA', 's-01TEAMB']);
    expect(cognito.commandCalls(ListIdentityProvidersCommand).map((c) => c.args[0].input)).toEqual([
      { UserPoolId: 'ap-northeast-1_pool', MaxResults: 60, NextToken: undefined },
      { UserPoolId: 'ap-northeast-1_pool', MaxResults: 60, NextToken: 'page-2' },
    ]);
    const updates = cognito.commandCalls(UpdateUserPoolClientCommand);
    expect(updates).toHaveLength(1);
    expect(updates[0]!.args[0].input).toEqual({
      ...Object.fromEntries(Object.entries(deployedClient).filter(([k]) => !['UserPoolId', 'ClientId'].includes(k))),
      UserPoolId: 'ap-northeast-1_pool',
      ClientId: 'web-client',
      // A provider someone added by hand (not a team's name) is left as the template has it.
      SupportedIdentityProviders: ['COGNITO', 'g-01TEAMA', 'o-01TEAMA', 's-01TEAMB'],
    });
  });

  it('adds the settings domain’s callback when the template’s differ, and keeps the template’s', async () => {
    cognito.on(DescribeUserPoolClientCommand).resolves({ UserPoolClient: { ...deployedClient, CallbackURLs: ['https://old.example.com/login_saml'] } as never });
    cognito.on(ListIdentityProvidersCommand).resolves({ Providers: [{ ProviderName: 's-01TEAMB' }] });
    await reapplyTeamProviders(target);
    expect(cognito.commandCalls(UpdateUserPoolClientCommand)[0]!.args[0].input.CallbackURLs).toEqual([
      'https://old.example.com/login_saml',
      'https://app.example.com/login_saml',
    ]);
  });

  it('sends no update when nothing is missing (no team provider, or all already allowed)', async () => {
    cognito.on(ListIdentityProvidersCommand).resolves({ Providers: [] });
    expect(await reapplyTeamProviders(target)).toEqual(['COGNITO']);
    cognito.on(DescribeUserPoolClientCommand).resolves({ UserPoolClient: { ...deployedClient, SupportedIdentityProviders: ['COGNITO', 'o-01TEAMA'] } as never });
    cognito.on(ListIdentityProvidersCommand).resolves({ Providers: [{ ProviderName: 'o-01TEAMA' }] });
    expect(await reapplyTeamProviders(target)).toEqual(['COGNITO', 'o-01TEAMA']);
    expect(cognito.commandCalls(UpdateUserPoolClientCommand)).toHaveLength(0);
  });
});

describe('the custom resource handler (lambdas/events/reapply-team-providers.ts)', () => {
  let responses: { url: string; method?: string; headers: Record<string, string>; body: Record<string, unknown> }[];
  beforeEach(() => {
    responses = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      responses.push({ url, method: init.method, headers: init.headers as Record<string, string>, body: JSON.parse(init.body as string) as Record<string, unknown> });
      return new Response('', { status: 200 });
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  const event = (requestType: 'Create' | 'Update' | 'Delete'): CloudFormationCustomResourceEvent =>
    ({
      RequestType: requestType,
      ServiceToken: 'arn:aws:lambda:ap-northeast-1:123456789012:function:reapply',
      ResponseURL: 'https://cloudformation-custom-resource-response.s3.amazonaws.com/signed',
      StackId: 'arn:aws:cloudformation:ap-northeast-1:123456789012:stack/mvp-dev-auth/1',
      RequestId: 'req-1',
      LogicalResourceId: 'TeamProviders',
      ResourceType: 'Custom::TeamProvidersOnClient',
      PhysicalResourceId: 'ap-northeast-1_pool/old-client',
      ResourceProperties: {
        ServiceToken: 'arn:aws:lambda:ap-northeast-1:123456789012:function:reapply',
        UserPoolId: 'ap-northeast-1_pool',
        ClientId: 'web-client',
        CallbackUrls: ['https://app.example.com/login_saml'],
        ClientDefinition: 'abc',
      },
      OldResourceProperties: {},
    }) as unknown as CloudFormationCustomResourceEvent;

  it('re-applies on an update and answers CloudFormation SUCCESS, with no content type (the URL is pre-signed without one)', async () => {
    cognito.on(ListIdentityProvidersCommand).resolves({ Providers: [{ ProviderName: 'o-01TEAMA' }] });
    await handler(event('Update'), { logStreamName: 'stream' });
    expect(cognito.commandCalls(UpdateUserPoolClientCommand)[0]!.args[0].input.SupportedIdentityProviders).toEqual(['COGNITO', 'o-01TEAMA']);
    expect(responses).toEqual([
      {
        url: 'https://cloudformation-custom-resource-response.s3.amazonaws.com/signed',
        method: 'PUT',
        headers: { 'content-type': '' },
        body: {
          Status: 'SUCCESS',
          PhysicalResourceId: 'ap-northeast-1_pool/web-client',
          StackId: 'arn:aws:cloudformation:ap-northeast-1:123456789012:stack/mvp-dev-auth/1',
          RequestId: 'req-1',
          LogicalResourceId: 'TeamProviders',
          Data: {},
        },
      },
    ]);
  });

  it('answers FAILED with the reason when Cognito refuses, so the deploy fails instead of waiting', async () => {
    cognito.on(ListIdentityProvidersCommand).rejects(Object.assign(new Error('User is not authorized to perform: cognito-idp:ListIdentityProviders'), { name: 'AccessDeniedException' }));
    await handler(event('Create'), { logStreamName: '2026/01/01/[$LATEST]abc' });
    expect(responses).toHaveLength(1);
    expect(responses[0]!.body).toMatchObject({ Status: 'FAILED', PhysicalResourceId: 'ap-northeast-1_pool/web-client' });
    expect(responses[0]!.body.Reason).toContain('cognito-idp:ListIdentityProviders');
    expect(responses[0]!.body.Reason).toContain('2026/01/01/[$LATEST]abc');
    expect(cognito.commandCalls(UpdateUserPoolClientCommand)).toHaveLength(0);
  });

  it('does nothing to the client on delete and keeps the physical id CloudFormation names', async () => {
    await handler(event('Delete'));
    expect(cognito.calls()).toHaveLength(0);
    expect(responses.map((r) => r.body)).toEqual([expect.objectContaining({ Status: 'SUCCESS', PhysicalResourceId: 'ap-northeast-1_pool/old-client' })]);
  });
});
