import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tableSchema } from '../../lambdas/platform/table-schema';
import { COGNITO_PROXY_PATH } from '../../lambdas/auth/cognito-proxy';
import { LOGIN_FAILURE_KEY_PREFIX, LOGIN_THROTTLE_TABLE_ACTIONS } from '../../lambdas/auth/login-throttle';
import { COGNITO_ADMIN_ACTIONS, latestNodeRuntime } from '../../lib/constructs/platform-function';
import { platformEnvironment } from '../../lib/environment';
import { platformNames } from '../../lib/names';
import { devMediaPublicKeyPath, readSettings, repoRoot } from '../../lib/settings';
import { areaDomains, areaOf } from '../../lib/stacks/api-stack';
import { DOMAIN_GRANTS } from '../../lambdas/domains';
import { reactions, streamFilterPatterns, TABLE_STREAM_BATCH, type ReactingDomain } from '../../lambdas/core/events/domain-events';
import { MEDIACONVERT_COMMANDS } from '../../lambdas/platform/transcoder/mediaconvert-commands';
import { MAIL_EVENT_TYPES } from '../../lib/stacks/mail-stack';
import { MediaStack } from '../../lib/stacks/media-stack';
import { SPA_REWRITE_CODE, WebStack } from '../../lib/stacks/web-stack';
import { domains } from '../../shared/api/define';
import { allCalls } from '../../shared/api/registry';
import { cdkJsonContext, synthesizePlatform, type Synthesized } from './synth';

type Resource = { Type: string; Properties: Record<string, unknown>; DeletionPolicy?: string; Metadata?: unknown };

let s: Synthesized;
beforeAll(() => {
  s = synthesizePlatform();
});
afterAll(() => s?.cleanup());

const resources = (t: Template, type: string) => t.findResources(type) as Record<string, Resource>;
const only = (t: Template, type: string): [string, Resource] => {
  const all = Object.entries(resources(t, type));
  expect(all).toHaveLength(1);
  return all[0]!;
};
const json = (v: unknown) => JSON.stringify(v);
/** CDK's own handlers (BucketDeployment; AwsCustomResource reading the web ACL's ARN), acknowledged in nag.test.ts. */
const cdkOwnHandler = (id: string) => id.startsWith('CustomCDKBucketDeployment') || id.startsWith('AWS679f53fac002430cb0da5b7982bd2287');
/** Functions only CloudFormation calls, with none of the platform's environment (checked in deploy-survival.test.ts). */
const deployTimeHandler = (id: string) => id.startsWith('TeamProvidersHandler');

/** The variables lambdas/platform/config.ts reads in AWS (the local stand-ins' endpoints excepted). */
function variablesReadByConfig(): string[] {
  const source = readFileSync(join(repoRoot, 'lambdas/platform/config.ts'), 'utf8');
  const names = new Set<string>();
  for (const m of source.matchAll(/required\('([A-Z_]+)'\)|process\.env\.([A-Z_]+)/g)) names.add((m[1] ?? m[2])!);
  const localOnly = ['DYNAMODB_ENDPOINT', 'COGNITO_ENDPOINT', 'S3_ENDPOINT', 'SES_ENDPOINT', 'AUTH_ISSUER', 'MEDIACONVERT_ENDPOINT', 'AWS_REGION'];
  return [...names].filter((n) => !localOnly.includes(n));
}

describe('every Lambda (platform-function construct)', () => {
  const allFunctions = () =>
    Object.values(s.templates).flatMap((t) =>
      // CDK's own BucketDeployment handler is not ours to shape (see nag.test.ts).
      Object.entries(resources(t, 'AWS::Lambda::Function')).filter(([id]) => !cdkOwnHandler(id) && !deployTimeHandler(id)),
    );

  it('uses the newest Node.js runtime aws-cdk-lib defines, arm64, tracing, JSON logs into its own log group', () => {
    const newest = Math.max(
      ...lambda.Runtime.ALL.map((r) => Number(/^nodejs(\d+)\.x$/.exec(r.name)?.[1] ?? 0)),
    );
    expect(latestNodeRuntime().name).toBe(`nodejs${newest}.x`);
    // One per domain, the Stripe webhook, the Cognito proxy, and the mail and media event functions.
    expect(allFunctions().length).toBe(domains.length + 5);
    for (const [, fn] of allFunctions()) {
      expect(fn.Properties.Runtime).toBe(`nodejs${newest}.x`);
      expect(fn.Properties.Architectures).toEqual(['arm64']);
      expect(fn.Properties.TracingConfig).toEqual({ Mode: 'Active' });
      expect(json(fn.Properties.LoggingConfig)).toContain('"LogFormat":"JSON"');
      expect(json(fn.Properties.LoggingConfig)).toContain('LogGroup');
    }
    for (const t of Object.values(s.templates)) {
      for (const [, group] of Object.entries(resources(t, 'AWS::Logs::LogGroup'))) {
        expect(group.Properties.RetentionInDays).toBe(30);
      }
    }
  });

  it('sets every variable lambdas/platform/config.ts reads, plus the fixed ones', () => {
    const wanted = variablesReadByConfig();
    expect(wanted).toEqual(expect.arrayContaining(['TABLE_NAME', 'USER_POOL_ID', 'SCHEDULER_TARGET_ARN', 'MEDIACONVERT_ROLE_ARN']));
    for (const [id, fn] of allFunctions()) {
      const vars = (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
      for (const name of [...wanted, 'POWERTOOLS_SERVICE_NAME']) expect(vars, `${id} ${name}`).toHaveProperty(name);
      expect(vars.PLATFORM).toBe('aws');
      expect(vars.NODE_OPTIONS).toBe('--enable-source-maps');
      expect(vars.TABLE_NAME).toBe('mvp-dev-platform');
      expect(vars.MAIL_CONFIGURATION_SET).toBe('mvp-dev');
      expect(json(vars.SCHEDULER_TARGET_ARN)).toContain(':function:mvp-dev-scheduled-job');
    }
  });

  it('never grants Scan, wildcard actions or AWS managed policies', () => {
    for (const t of Object.values(s.templates)) {
      for (const [id, policy] of Object.entries(resources(t, 'AWS::IAM::Policy'))) {
        if (cdkOwnHandler(id)) continue; // CDK's own handler, acknowledged in nag.test.ts
        const text = json(policy.Properties.PolicyDocument);
        expect(text).not.toContain('dynamodb:Scan');
        expect(text).not.toMatch(/"[a-z0-9-]+:\*"/);
        // Resource "*" is acknowledged per role for actions IAM gives no resource type: X-Ray, MediaConvert Probe, and
        // the ListStreams a table-stream event source mapping needs (the reacting domains: lambdas/core/events/).
        const statements = (policy.Properties.PolicyDocument as { Statement: { Action: string | string[]; Resource: unknown }[] }).Statement;
        for (const st of statements.filter((x) => x.Resource === '*')) {
          for (const action of [st.Action].flat()) {
            expect(['xray:PutTelemetryRecords', 'xray:PutTraceSegments', 'mediaconvert:Probe', 'dynamodb:ListStreams'], id).toContain(action);
          }
        }
      }
      for (const [id, role] of Object.entries(resources(t, 'AWS::IAM::Role'))) {
        if (cdkOwnHandler(id)) continue;
        expect(role.Properties.ManagedPolicyArns, id).toBeUndefined();
      }
    }
  });
});

describe('data stack', () => {
  it('holds the single table of table-schema.ts: keys, GSIs, TTL, on-demand, PITR, deletion protection, stream', () => {
    const [, table] = only(s.templates.data, 'AWS::DynamoDB::Table');
    expect(table.DeletionPolicy).toBe('Retain');
    s.templates.data.hasResourceProperties('AWS::DynamoDB::Table', {
      KeySchema: [
        { AttributeName: tableSchema.partitionKey, KeyType: 'HASH' },
        { AttributeName: tableSchema.sortKey, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: tableSchema.indexes.map((i) => ({
        IndexName: i.name,
        KeySchema: [
          { AttributeName: i.partitionKey, KeyType: 'HASH' },
          { AttributeName: i.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
      BillingMode: 'PAY_PER_REQUEST',
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      DeletionProtectionEnabled: true,
      TimeToLiveSpecification: { AttributeName: 'expiresAt', Enabled: true },
      StreamSpecification: { StreamViewType: 'NEW_AND_OLD_IMAGES' },
    });
  });

  it('keeps uploads and media in private, versioned, encrypted, logged, retained buckets', () => {
    const buckets = resources(s.templates.data, 'AWS::S3::Bucket');
    expect(Object.keys(buckets)).toHaveLength(3);
    for (const [id, b] of Object.entries(buckets)) {
      expect(b.DeletionPolicy, id).toBe('Retain');
      expect(b.Properties.PublicAccessBlockConfiguration).toEqual({
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      });
      expect(json(b.Properties.BucketEncryption)).toContain('AES256');
    }
    for (const id of ['UploadsBucket', 'MediaBucket']) {
      const [, b] = Object.entries(buckets).find(([k]) => k.startsWith(id))!;
      expect(b.Properties.VersioningConfiguration).toEqual({ Status: 'Enabled' });
      expect(json(b.Properties.LoggingConfiguration)).toContain('LogsBucket');
    }
  });

  it('refuses plain HTTP on every bucket', () => {
    const policies = Object.values(resources(s.templates.data, 'AWS::S3::BucketPolicy'));
    expect(policies).toHaveLength(3);
    for (const p of policies) {
      expect(p.Properties.PolicyDocument).toMatchObject({
        Statement: expect.arrayContaining([
          expect.objectContaining({ Effect: 'Deny', Action: 's3:*', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      });
    }
  });

  it('lets the browser PUT multipart parts to uploads and read their ETag', () => {
    s.templates.data.hasResourceProperties('AWS::S3::Bucket', {
      CorsConfiguration: {
        CorsRules: [Match.objectLike({ AllowedMethods: Match.arrayWith(['PUT']), ExposedHeaders: ['ETag'] })],
      },
    });
  });

  it('admits CloudFront (OAC) reads of media from this account only', () => {
    s.templates.data.hasResourceProperties('AWS::S3::BucketPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Effect: 'Allow',
            Principal: { Service: 'cloudfront.amazonaws.com' },
            Action: 's3:GetObject',
            Condition: Match.objectLike({ StringEquals: { 'aws:SourceAccount': { Ref: 'AWS::AccountId' } } }),
          }),
        ]),
      },
    });
  });
});

/** The data stack's secret with `name`: [logical id, resource]. */
const secretNamed = (name: string): [string, Resource] => {
  const found = Object.entries(resources(s.templates.data, 'AWS::SecretsManager::Secret')).filter(([, r]) => r.Properties.Name === name);
  expect(found, name).toHaveLength(1);
  return found[0]!;
};

describe('data stack: the Stripe keys secret', () => {
  it('is created empty and retained; the template carries no key', () => {
    const [, secret] = secretNamed('mvp-dev/stripe');
    expect(secret.DeletionPolicy).toBe('Retain');
    expect(secret.Properties.SecretString).toBeUndefined();
    expect(json(secret.Properties.GenerateSecretString)).toContain('secretKey');
    expect(json(s.templates.data.toJSON())).not.toMatch(/sk_(live|test)_|whsec_/);
  });
});

describe('data stack: the media-cookie private key secret', () => {
  it('is created and retained with the configured name, and the template carries no key', () => {
    const [, secret] = secretNamed('mvp-dev/media-cookie-private-key');
    expect(secret.Properties.Name).toBe('mvp-dev/media-cookie-private-key');
    expect(secret.DeletionPolicy).toBe('Retain');
    expect((secret as { UpdateReplacePolicy?: string }).UpdateReplacePolicy).toBe('Retain');
    // A random placeholder until the operator puts the PEM (README "Deploy to AWS").
    expect(secret.Properties.SecretString).toBeUndefined();
    expect(secret.Properties.GenerateSecretString).toBeDefined();
    expect(json(s.templates.data.toJSON())).not.toContain('PRIVATE KEY');
  });
});

describe('auth stack', () => {
  it('signs in by email, is closed to self sign-up, offers TOTP and accepts 6-character passwords', () => {
    s.templates.auth.hasResourceProperties('AWS::Cognito::UserPool', {
      UsernameAttributes: ['email'],
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: true },
      MfaConfiguration: 'OPTIONAL',
      EnabledMfas: ['SOFTWARE_TOKEN_MFA'],
      Policies: {
        PasswordPolicy: Match.objectLike({
          MinimumLength: 6,
          RequireLowercase: false,
          RequireUppercase: false,
          RequireNumbers: false,
          RequireSymbols: false,
        }),
      },
      AccountRecoverySetting: { RecoveryMechanisms: [{ Name: 'verified_email', Priority: 1 }] },
    });
  });

  it('has one public web client with password and SRP flows and 1-hour access tokens', () => {
    const [, client] = only(s.templates.auth, 'AWS::Cognito::UserPoolClient');
    expect(client.Properties.GenerateSecret).toBe(false);
    expect(client.Properties.ExplicitAuthFlows).toEqual(
      expect.arrayContaining(['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH']),
    );
    expect(client.Properties.ExplicitAuthFlows).not.toContain('ALLOW_ADMIN_USER_PASSWORD_AUTH');
    // Unknown e-mail and wrong password are separate messages (SPEC §8), as cognito-local answers them here.
    expect(client.Properties.PreventUserExistenceErrors).toBe('LEGACY');
    expect(client.Properties.AccessTokenValidity).toBe(60);
    expect(client.Properties.TokenValidityUnits).toMatchObject({ AccessToken: 'minutes' });
  });
});

describe('api stack', () => {
  const functionIdOf = (domain: string) => {
    const fns = resources(s.templates.api, 'AWS::Lambda::Function');
    const found = Object.entries(fns).find(
      ([, f]) => (f.Properties.Environment as { Variables: Record<string, unknown> }).Variables.POWERTOOLS_SERVICE_NAME === domain,
    );
    expect(found, domain).toBeDefined();
    return found![0];
  };

  it('has one function per domain, the Stripe webhook and the Cognito proxy, 512 MB and 15 s', () => {
    const fns = resources(s.templates.api, 'AWS::Lambda::Function');
    expect(Object.keys(fns)).toHaveLength(domains.length + 2);
    for (const d of [...domains, 'stripe-webhook', 'cognito-proxy']) {
      const f = fns[functionIdOf(d)]!;
      expect(f.Properties.MemorySize).toBe(512);
      expect(f.Properties.Timeout).toBe(15);
    }
  });

  it('routes each call area as POST /api/<area>/{proxy+} to the one domain function serving it', () => {
    expect(allCalls.map((c) => c.path)).toContain('/team/register');
    const areas = areaDomains(allCalls);
    expect(areas.get('video')).toBe('content');
    const routes = Object.values(resources(s.templates.api, 'AWS::ApiGatewayV2::Route'));
    // One per area, the Stripe webhook's and the Cognito proxy's.
    expect(routes).toHaveLength(areas.size + 2);
    expect(areas.size).toBeLessThan(allCalls.length);
    const integrations = resources(s.templates.api, 'AWS::ApiGatewayV2::Integration');
    for (const call of allCalls) {
      const route = routes.find((r) => r.Properties.RouteKey === `POST /api/${areaOf(call.path)}/{proxy+}`);
      expect(route, call.path).toBeDefined();
      const integrationId = Object.keys(integrations).find((id) => json(route!.Properties.Target).includes(`"${id}"`));
      expect(integrationId, call.path).toBeDefined();
      expect(json(integrations[integrationId!]!.Properties.IntegrationUri)).toContain(`"${functionIdOf(call.domain)}"`);
    }
    s.templates.api.hasResourceProperties('AWS::ApiGatewayV2::Route', { RouteKey: 'POST /api/team/{proxy+}' });
  });

  it('fails synth when one area holds calls of two domains, or a call path has no area', () => {
    expect(() =>
      areaDomains([
        { path: '/video/create', domain: 'content' },
        { path: '/video/transcode', domain: 'media' },
      ]),
    ).toThrow(/Area \/video\/ has calls of two domains/);
    expect(() => areaOf('/register')).toThrow(/needs an area/);
    expect(areaOf('/member_video/get')).toBe('member_video');
  });

  it('gives each function one invoke permission for the whole API, not one per route', () => {
    expect(Object.keys(resources(s.templates.api, 'AWS::Lambda::Permission'))).toHaveLength(domains.length + 2);
  });

  it('throttles and access-logs the stage', () => {
    s.templates.api.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: Match.objectLike({ ThrottlingRateLimit: Match.anyValue(), ThrottlingBurstLimit: Match.anyValue() }),
      AccessLogSettings: Match.objectLike({ DestinationArn: Match.anyValue(), Format: Match.stringLikeRegexp('requestId') }),
    });
  });

  const policyOf = (domain: string) => {
    const policies = Object.values(resources(s.templates.api, 'AWS::IAM::Policy'));
    const fns = resources(s.templates.api, 'AWS::Lambda::Function');
    // Function.Role is GetAtt <role>.Arn; the role's policy lists Ref <role>.
    const roleId = (fns[functionIdOf(domain)]!.Properties.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
    const policy = policies.find((p) => json(p.Properties.Roles) === json([{ Ref: roleId }]));
    expect(policy, domain).toBeDefined();
    return policy!.Properties.PolicyDocument as { Statement: { Action: string | string[]; Resource: unknown }[] };
  };

  it('grants the Cognito admin actions on the pool to teams and auth only where declared', () => {
    expect(DOMAIN_GRANTS.teams).toContain('cognito');
    expect(DOMAIN_GRANTS.auth).toContain('cognito');
    expect(Object.keys(DOMAIN_GRANTS).sort()).toEqual([...domains].sort());
    for (const d of domains) {
      const text = json(policyOf(d));
      const cognito = (DOMAIN_GRANTS[d] as readonly string[]).includes('cognito');
      for (const action of COGNITO_ADMIN_ACTIONS) expect(text.includes(action), `${d} ${action}`).toBe(cognito);
      // On the pool itself, not on every pool.
      if (cognito) expect(text).toContain('ExportsOutputFnGetAttUserPool');
      expect(text).toContain('table/mvp-dev-platform/index/gsi1');
    }
  });

  it('lets the playback domains read the media-cookie key secret the data stack creates, and only them', () => {
    const [secretId] = secretNamed('mvp-dev/media-cookie-private-key');
    const fns = resources(s.templates.api, 'AWS::Lambda::Function');
    for (const d of domains) {
      const playback = (DOMAIN_GRANTS[d] as readonly string[]).includes('playback');
      const read = policyOf(d).Statement.find((st) => st.Action === 'secretsmanager:GetSecretValue' && json(st.Resource).includes(secretId));
      expect(Boolean(read), d).toBe(playback);
      if (read) expect(json(read.Resource)).toContain(`mvp-dev-data:ExportsOutputRef${secretId}`);
      const vars = (fns[functionIdOf(d)]!.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
      expect(json(vars.MEDIA_PRIVATE_KEY_SECRET)).toContain(`ExportsOutputRef${secretId}`);
    }
  });

  it('lets the domains granted stripe and the Stripe webhook read the Stripe keys secret, and nothing else', () => {
    const [secretId] = secretNamed('mvp-dev/stripe');
    const granted = domains.filter((d) => (DOMAIN_GRANTS[d] as readonly string[]).includes('stripe'));
    // plans: operator plans billed on the platform's own Stripe account.
    expect(granted).toEqual(['content', 'payments', 'mail', 'plans']);
    const readers = [...domains, 'stripe-webhook'].filter((d) =>
      policyOf(d).Statement.some((st) => st.Action === 'secretsmanager:GetSecretValue' && json(st.Resource).includes(secretId)),
    );
    expect(readers.sort()).toEqual([...granted, 'stripe-webhook'].sort());
    // The webhook writes purchases, notices and event records in the table and reaches nothing else of AWS: the mails
    // and workflows a purchase causes are the mail domain's reactions to them (lambdas/core/events/domain-events.ts).
    const webhookActions = policyOf('stripe-webhook').Statement.flatMap((st) => [st.Action].flat());
    const aws = webhookActions.filter((a) => !a.startsWith('dynamodb:') && !a.startsWith('xray:') && !a.startsWith('logs:'));
    expect(aws).toEqual(['secretsmanager:GetSecretValue']);
  });

  it('has each reacting domain read the table stream: its filters, partial batch responses, retries, a dead-letter queue with an alarm', () => {
    const mappings = Object.values(resources(s.templates.api, 'AWS::Lambda::EventSourceMapping'));
    expect(mappings.map((m) => json(m.Properties.FunctionName)).sort()).toEqual(
      (Object.keys(reactions) as ReactingDomain[]).map((d) => expect.stringContaining(`${d[0]!.toUpperCase()}${d.slice(1)}Function`)),
    );
    for (const domain of Object.keys(reactions) as ReactingDomain[]) {
      const mapping = mappings.find((m) => json(m.Properties.FunctionName).includes(`${domain[0]!.toUpperCase()}${domain.slice(1)}Function`))!;
      expect(json(mapping.Properties.EventSourceArn)).toMatch(/StreamArn/);
      expect(mapping.Properties).toMatchObject({
        StartingPosition: 'LATEST',
        BatchSize: TABLE_STREAM_BATCH.batchSize,
        MaximumRetryAttempts: TABLE_STREAM_BATCH.retryAttempts,
        BisectBatchOnFunctionError: true,
        FunctionResponseTypes: ['ReportBatchItemFailures'],
      });
      const filters = (mapping.Properties.FilterCriteria as { Filters: { Pattern: string }[] }).Filters.map((f) => JSON.parse(f.Pattern) as unknown);
      expect(filters).toEqual(streamFilterPatterns(domain));
      const onFailure = json(mapping.Properties.DestinationConfig);
      expect(onFailure).toMatch(/Failures/);
      const alarms = Object.values(resources(s.templates.api, 'AWS::CloudWatch::Alarm')).filter((a) => a.Properties.AlarmName === `mvp-dev-${domain[0]!.toUpperCase()}${domain.slice(1)}-dlq`);
      expect(alarms, `${domain} dead-letter alarm`).toHaveLength(1);
    }
  });

  it('routes POST /api/webhooks/stripe to the webhook function', () => {
    const routes = resources(s.templates.api, 'AWS::ApiGatewayV2::Route');
    const route = Object.values(routes).find((r) => r.Properties.RouteKey === 'POST /api/webhooks/stripe');
    expect(route).toBeDefined();
    const integrationId = (route!.Properties.Target as { 'Fn::Join': [string, unknown[]] })['Fn::Join'][1].map((p) => json(p)).join('');
    expect(integrationId).toContain('StripeWebhookIntegration');
  });

  it('routes POST /api/cognito to the Cognito proxy, whose role reaches only the login-throttle counters', () => {
    const routes = resources(s.templates.api, 'AWS::ApiGatewayV2::Route');
    const route = Object.values(routes).find((r) => r.Properties.RouteKey === `POST ${COGNITO_PROXY_PATH}`);
    expect(route).toBeDefined();
    const target = (route!.Properties.Target as { 'Fn::Join': [string, unknown[]] })['Fn::Join'][1].map((p) => json(p)).join('');
    expect(target).toContain('CognitoProxyIntegration');
    const integrations = resources(s.templates.api, 'AWS::ApiGatewayV2::Integration');
    const integrationId = Object.keys(integrations).find((id) => target.includes(`"${id}"`))!;
    expect(json(integrations[integrationId]!.Properties.IntegrationUri)).toContain(`"${functionIdOf('cognito-proxy')}"`);

    const statements = policyOf('cognito-proxy').Statement as { Action: string | string[]; Resource: unknown; Condition?: unknown }[];
    const aws = statements.filter((st) => [st.Action].flat().some((a) => !a.startsWith('xray:') && !a.startsWith('logs:')));
    // One statement: the four item actions the counters use, on the table itself (no index), only on their keys.
    expect(aws).toHaveLength(1);
    expect([aws[0]!.Action].flat().sort()).toEqual(LOGIN_THROTTLE_TABLE_ACTIONS.map((a) => `dynamodb:${a}`).sort());
    expect(LOGIN_THROTTLE_TABLE_ACTIONS).not.toContain('Scan');
    expect(json(aws[0]!.Resource)).toContain('table/mvp-dev-platform"');
    expect(json(aws[0]!.Resource)).not.toContain('/index/');
    expect(aws[0]!.Condition).toEqual({ 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [`${LOGIN_FAILURE_KEY_PREFIX}*`] } });
    expect(LOGIN_FAILURE_KEY_PREFIX).toBe('RATE#LOGINFAIL#');
    // No Cognito IAM: the forwarded operations are Cognito's unsigned public ones.
    expect(json(statements)).not.toContain('cognito-idp:');
    expect(json(statements)).not.toContain('secretsmanager:');
  });

  it('grants every MediaConvert command the transcoder adapter sends', () => {
    const source = readFileSync(join(repoRoot, 'lambdas/platform/transcoder/mediaconvert.ts'), 'utf8');
    // `new (await sdk()).ProbeCommand(`: the SDK is loaded on first use.
    const sent = [...source.matchAll(/new (?:\(await sdk\(\)\)\.)?(\w+)Command\(/g)].map((m) => m[1]!);
    expect(sent).toContain('Probe');
    expect(sent).toContain('CreateJob');
    expect([...MEDIACONVERT_COMMANDS].sort()).toEqual([...new Set(sent)].sort());
    const transcoders = domains.filter((d) => (DOMAIN_GRANTS[d] as readonly string[]).includes('transcode'));
    expect(transcoders).toEqual(['media']);
    for (const d of domains) {
      const granted = policyOf(d).Statement.flatMap((st) => [st.Action].flat()).filter((a) => a.startsWith('mediaconvert:'));
      expect(granted.sort(), d).toEqual(transcoders.includes(d) ? sent.map((c) => `mediaconvert:${c}`).sort() : []);
    }
  });
});

describe('mail stack', () => {
  it('sends through a configuration set whose events go to EventBridge', () => {
    s.templates.mail.hasResourceProperties('AWS::SES::ConfigurationSet', { Name: 'mvp-dev' });
    s.templates.mail.hasResourceProperties('AWS::SES::ConfigurationSetEventDestination', {
      EventDestination: {
        Enabled: true,
        EventBridgeDestination: { EventBusArn: Match.anyValue() },
        MatchingEventTypes: MAIL_EVENT_TYPES.map(String),
      },
    });
    expect(MAIL_EVENT_TYPES.map(String).sort()).toEqual(
      ['bounce', 'complaint', 'delivery', 'deliveryDelay', 'reject', 'send'].sort(),
    );
    s.templates.mail.hasResourceProperties('AWS::SES::EmailIdentity', {
      EmailIdentity: 'example.com',
      ConfigurationSetAttributes: Match.anyValue(),
    });
  });

  it('routes this stage’s SES events to the mail-event function, with a failure queue', () => {
    const [, rule] = only(s.templates.mail, 'AWS::Events::Rule');
    expect(rule.Properties.EventPattern).toEqual({
      source: ['aws.ses'],
      detail: { mail: { tags: { 'ses:configuration-set': ['mvp-dev'] } } },
    });
    const fns = resources(s.templates.mail, 'AWS::Lambda::Function');
    const [fnId, fn] = Object.entries(fns).find(([k]) => k.startsWith('MailEvents'))!;
    expect(json(rule.Properties.Targets)).toContain(`"${fnId}"`);
    expect(json(fn.Properties.DeadLetterConfig)).toContain('MailEventsFailures');
  });

  it('has the Scheduler group and the role Scheduler assumes to invoke scheduled-job', () => {
    s.templates.mail.hasResourceProperties('AWS::Scheduler::ScheduleGroup', { Name: 'mvp-dev' });
    const fns = resources(s.templates.mail, 'AWS::Lambda::Function');
    const [jobId, job] = Object.entries(fns).find(([k]) => k.startsWith('ScheduledJob'))!;
    expect(job.Properties.FunctionName).toBe('mvp-dev-scheduled-job');
    s.templates.mail.hasResourceProperties('AWS::IAM::Role', {
      AssumeRolePolicyDocument: {
        Statement: [
          Match.objectLike({
            Principal: { Service: 'scheduler.amazonaws.com' },
            Condition: Match.objectLike({ StringEquals: { 'aws:SourceAccount': { Ref: 'AWS::AccountId' } } }),
          }),
        ],
      },
    });
    s.templates.mail.hasResourceProperties('AWS::IAM::Policy', {
      PolicyDocument: {
        Statement: [{ Effect: 'Allow', Action: 'lambda:InvokeFunction', Resource: { 'Fn::GetAtt': [jobId, 'Arn'] } }],
      },
    });
    // Functions that schedule may only touch the group's schedules and pass only this role to Scheduler.
    s.templates.mail.hasResourceProperties('AWS::IAM::Policy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Action: ['scheduler:CreateSchedule', 'scheduler:DeleteSchedule', 'scheduler:UpdateSchedule'],
            Resource: { 'Fn::Join': ['', Match.arrayWith([':schedule/mvp-dev/*'])] },
          }),
          Match.objectLike({
            Action: 'iam:PassRole',
            Condition: { StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } },
          }),
        ]),
      },
    });
  });
});

describe('media stack', () => {
  it('has the MediaConvert role: assumed by MediaConvert, reads uploads, writes media', () => {
    s.templates.media.hasResourceProperties('AWS::IAM::Role', {
      AssumeRolePolicyDocument: { Statement: [Match.objectLike({ Principal: { Service: 'mediaconvert.amazonaws.com' } })] },
    });
    const text = json(resources(s.templates.media, 'AWS::IAM::Policy'));
    expect(text).toMatch(/"Action":"s3:GetObject","Effect":"Allow","Resource":\{"Fn::Join":\["",\["arn:",\{"Ref":"AWS::Partition"\},":s3:::mvp-dev-uploads-/);
    expect(text).toMatch(/"Action":"s3:PutObject","Effect":"Allow","Resource":\{"Fn::Join":\["",\["arn:",\{"Ref":"AWS::Partition"\},":s3:::mvp-dev-media-/);
  });

  it('sends this stage’s MediaConvert job state changes to media-job-state', () => {
    const [, rule] = only(s.templates.media, 'AWS::Events::Rule');
    expect(rule.Properties.EventPattern).toMatchObject({
      source: ['aws.mediaconvert'],
      'detail-type': ['MediaConvert Job State Change'],
      detail: { status: ['COMPLETE', 'ERROR', 'PROGRESSING'], queue: [expect.anything()] },
    });
    expect(json(rule.Properties.EventPattern)).toContain(':queues/mvp-dev');
    expect(json(rule.Properties.Targets)).toContain('JobStateFunction');
    s.templates.media.hasResourceProperties('AWS::MediaConvert::Queue', { Name: 'mvp-dev', PricingPlan: 'ON_DEMAND' });
  });

  it('serves media only with signed cookies of the key group, through OAC, with CORS for hls.js', () => {
    const pem = readFileSync(devMediaPublicKeyPath, 'utf8').trim();
    expect(pem).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    s.templates.media.hasResourceProperties('AWS::CloudFront::PublicKey', {
      PublicKeyConfig: Match.objectLike({ EncodedKey: pem }),
    });
    const [keyGroupId] = only(s.templates.media, 'AWS::CloudFront::KeyGroup');
    s.templates.media.hasResourceProperties('AWS::CloudFront::OriginAccessControl', {
      OriginAccessControlConfig: Match.objectLike({ OriginAccessControlOriginType: 's3', SigningBehavior: 'always' }),
    });
    s.templates.media.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        DefaultCacheBehavior: Match.objectLike({
          TrustedKeyGroups: [{ Ref: keyGroupId }],
          ViewerProtocolPolicy: 'https-only',
        }),
        Origins: [Match.objectLike({ OriginAccessControlId: Match.anyValue() })],
      }),
    });
    s.templates.media.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
      ResponseHeadersPolicyConfig: Match.objectLike({
        CorsConfig: Match.objectLike({
          AccessControlAllowMethods: { Items: ['GET', 'HEAD', 'OPTIONS'] },
          AccessControlExposeHeaders: { Items: ['Content-Length', 'Content-Range'] },
        }),
      }),
    });
  });

  it('refuses to synthesize prod with the development cookie key', () => {
    const app = new App({ context: { ...cdkJsonContext(), stage: 'prod' } });
    const settings = readSettings(app);
    const names = platformNames(settings);
    const stack = new MediaStack(app, 'ProdMedia', {
      settings,
      names,
      environment: platformEnvironment(settings, names, { userPoolId: 'pool', userPoolClientId: 'client' }),
    });
    // The error annotation fails synthesis (annotations are part of the validation report).
    expect(stack.node.metadata.some((m) => m.type === 'aws:cdk:error')).toBe(true);
    expect(() => app.synth()).toThrow(/development public key/);
  });

  const mediaStackWith = (context: Record<string, unknown>) => {
    const app = new App({ context: { ...cdkJsonContext(), ...context } });
    const settings = readSettings(app);
    const names = platformNames(settings);
    const environment = platformEnvironment(settings, names, { userPoolId: 'pool', userPoolClientId: 'client' });
    return new MediaStack(app, 'AliasMedia', { settings, names, environment });
  };
  const notes = (stack: MediaStack) =>
    stack.node.findAll().flatMap((c) => c.node.metadata).filter((m) => m.type === 'aws:cdk:info').map((m) => String(m.data));

  it('serves media on an alias of the app’s parent domain, so the signed cookies reach it', () => {
    const stack = mediaStackWith({
      appOrigin: 'https://app.example.jp',
      mediaDomainName: 'media.example.jp',
      mediaCertificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/0f0e0d0c-0b0a-0908-0706-050403020100',
    });
    const template = Template.fromStack(stack);
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        Aliases: ['media.example.jp'],
        ViewerCertificate: Match.objectLike({
          AcmCertificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/0f0e0d0c-0b0a-0908-0706-050403020100',
        }),
      }),
    });
    expect(stack.mediaDomain).toBe('media.example.jp');
    expect(notes(stack).some((w) => w.includes('one parent domain'))).toBe(false);
  });

  it('says so when the media host shares no parent domain with the app, and wants the certificate with the alias', () => {
    expect(notes(mediaStackWith({})).some((w) => w.includes('one parent domain'))).toBe(true);
    expect(() => mediaStackWith({ mediaDomainName: 'media.example.jp' })).toThrow(/mediaCertificateArn/);
  });
});

describe('web stack', () => {
  it('keeps the SPA in a private, TLS-only, versioned bucket read through OAC', () => {
    const [bucketId, bucket] = only(s.templates.web, 'AWS::S3::Bucket');
    expect(bucket.Properties.VersioningConfiguration).toEqual({ Status: 'Enabled' });
    expect(bucket.Properties.PublicAccessBlockConfiguration).toMatchObject({ BlockPublicAcls: true, RestrictPublicBuckets: true });
    const [, policy] = only(s.templates.web, 'AWS::S3::BucketPolicy');
    const statements = json(policy.Properties.PolicyDocument);
    expect(statements).toContain('"aws:SecureTransport":"false"');
    expect(statements).toContain('cloudfront.amazonaws.com');
    expect(statements).toContain('WebDistribution');
    expect(json(policy.Properties.Bucket)).toContain(bucketId);
  });

  it('serves index.html at / and for client routes, without error responses that would mask API errors', () => {
    const [, dist] = only(s.templates.web, 'AWS::CloudFront::Distribution');
    const config = dist.Properties.DistributionConfig as Record<string, unknown>;
    expect(config.DefaultRootObject).toBe('index.html');
    expect(config.CustomErrorResponses).toBeUndefined();
    expect(json(config.DefaultCacheBehavior)).toContain('"EventType":"viewer-request"');
    const handler = new Function(`${SPA_REWRITE_CODE}; return handler;`)() as (e: {
      request: { uri: string };
    }) => { uri: string };
    const rewrite = (uri: string) => handler({ request: { uri } }).uri;
    expect(rewrite('/admin/video/01H/edit')).toBe('/index.html');
    expect(rewrite('/')).toBe('/index.html');
    expect(rewrite('/verify_email/eyJ.abc.def')).toBe('/index.html');
    expect(rewrite('/videos/search/v1.2')).toBe('/index.html');
    expect(rewrite('/assets/app-1234.js')).toBe('/assets/app-1234.js');
    expect(rewrite('/config.json')).toBe('/config.json');
    expect(rewrite('/favicon.ico')).toBe('/favicon.ico');
  });

  it('forwards /api/* to the HTTP API uncached with every viewer header but Host', () => {
    s.templates.web.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        CacheBehaviors: [
          Match.objectLike({
            PathPattern: '/api/*',
            CachePolicyId: cloudfront.CachePolicy.CACHING_DISABLED.cachePolicyId,
            OriginRequestPolicyId: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER.originRequestPolicyId,
            AllowedMethods: Match.arrayWith(['POST']),
          }),
        ],
      }),
    });
  });

  it('sends security headers with a CSP naming self and the media domain, not Cognito’s API (reached through /api/cognito)', () => {
    const [, policy] = only(s.templates.web, 'AWS::CloudFront::ResponseHeadersPolicy');
    const headers = (policy.Properties.ResponseHeadersPolicyConfig as { SecurityHeadersConfig: Record<string, unknown> })
      .SecurityHeadersConfig;
    expect(headers.StrictTransportSecurity).toMatchObject({ AccessControlMaxAgeSec: 63072000, IncludeSubdomains: true });
    expect(headers.ContentTypeOptions).toEqual({ Override: true });
    expect(headers.FrameOptions).toEqual({ FrameOption: 'DENY', Override: true });
    expect(headers.ReferrerPolicy).toMatchObject({ ReferrerPolicy: 'strict-origin-when-cross-origin' });
    const csp = json(headers.ContentSecurityPolicy);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('cognito-idp.');
    expect(csp).toContain('MediaDistribution');
  });

  it('deploys the build with a config.json from the auth stack outputs', () => {
    const deployments = Object.values(resources(s.templates.web, 'Custom::CDKBucketDeployment'));
    expect(deployments).toHaveLength(2);
    const shell = deployments.find((d) => d.Properties.Prune === false)!;
    expect(shell.Properties.SystemMetadata).toEqual({ 'cache-control': 'no-cache' });
    const keys = shell.Properties.SourceObjectKeys as string[];
    const configAsset = keys
      .map((k) => join(s.outdir, `asset.${k.replace(/\.zip$/, '')}`, 'config.json'))
      .find((p) => {
        try {
          return readFileSync(p).length > 0;
        } catch {
          return false;
        }
      });
    expect(configAsset).toBeDefined();
    const config = JSON.parse(readFileSync(configAsset!, 'utf8')) as Record<string, string>;
    expect(Object.keys(config).sort()).toEqual(['apiBase', 'region', 'userPoolClientId', 'userPoolEndpoint', 'userPoolId']);
    expect(config.apiBase).toBe('/api');
    // Amplify reaches Cognito through the API's proxy (login throttling), the route the api stack creates.
    expect(config.userPoolEndpoint).toBe('/api/cognito');
    s.templates.api.hasResourceProperties('AWS::ApiGatewayV2::Route', { RouteKey: `POST ${config.userPoolEndpoint}` });
    const markers = json(shell.Properties.SourceMarkers);
    expect(markers).toContain('mvp-dev-auth:ExportsOutputRefUserPool');
    expect(markers).toContain('mvp-dev-auth:ExportsOutputRefUserPoolWebClient');
    expect(markers).toContain('AWS::Region');
  });

  const webStackWith = (context: Record<string, unknown>) => {
    const app = new App({ context: { ...cdkJsonContext(), ...context, 'aws:cdk:bundling-stacks': [] } });
    const settings = readSettings(app);
    return new WebStack(app, 'AliasWeb', {
      settings,
      names: platformNames(settings),
      apiDomain: 'abc123.execute-api.ap-northeast-1.amazonaws.com',
      userPoolId: 'ap-northeast-1_abc',
      userPoolClientId: 'client',
      webAclParameter: { name: '/mvp-dev/web-acl-arn', region: 'us-east-1', fingerprint: 'acl-definition' },
      mediaDomain: 'media.example.jp',
    });
  };
  const certificate = 'arn:aws:acm:us-east-1:123456789012:certificate/0f0e0d0c-0b0a-0908-0706-050403020100';

  it('serves the app at appOrigin: its host as the alias, with the us-east-1 certificate', () => {
    const t = Template.fromStack(webStackWith({ appOrigin: 'https://app.example.jp', webCertificateArn: certificate }));
    t.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        Aliases: ['app.example.jp'],
        ViewerCertificate: Match.objectLike({ AcmCertificateArn: certificate, SslSupportMethod: 'sni-only', MinimumProtocolVersion: 'TLSv1.2_2021' }),
      }),
    });
    t.hasOutput('WebUrl', { Value: 'https://app.example.jp' });
  });

  it('needs no alias on CloudFront’s own domain, and refuses an appOrigin it could not serve', () => {
    const own = Template.fromStack(webStackWith({ appOrigin: 'https://d111111abcdef8.cloudfront.net' }));
    const [, dist] = only(own, 'AWS::CloudFront::Distribution');
    expect((dist.Properties.DistributionConfig as Record<string, unknown>).Aliases).toBeUndefined();
    expect(() => webStackWith({ appOrigin: 'https://app.example.jp' })).toThrow(/needs its certificate: pass -c webCertificateArn/);
    expect(() => webStackWith({ webCertificateArn: certificate })).toThrow(/webCertificateArn is for the appOrigin host/);
    expect(() =>
      webStackWith({ appOrigin: 'https://app.example.jp', webCertificateArn: certificate.replace('us-east-1', 'ap-northeast-1') }),
    ).toThrow(/must be an ACM certificate ARN in us-east-1/);
  });

  it('reaches the API through its host built from the API id (no Fn::Split of an imported URL)', () => {
    const [, dist] = only(s.templates.web, 'AWS::CloudFront::Distribution');
    const origins = (dist.Properties.DistributionConfig as { Origins: { DomainName: unknown; CustomOriginConfig?: unknown }[] }).Origins;
    const api = origins.find((o) => o.CustomOriginConfig)!;
    expect(json(api.DomainName)).toContain('mvp-dev-api:ExportsOutputRefHttpApi');
    expect(json(api.DomainName)).toContain('.execute-api.');
    expect(json(dist)).not.toContain('Fn::Split');
  });

  it('skips the deployment when web/dist has no index.html, so synth works without a web build', () => {
    const dir = mkdtempSync(join(tmpdir(), 'no-web-'));
    try {
      const app = new App({ context: { ...cdkJsonContext(), webDistDir: dir } });
      const settings = readSettings(app);
      const stack = new WebStack(app, 'WebOnly', {
        settings,
        names: platformNames(settings),
        apiDomain: 'abc123.execute-api.ap-northeast-1.amazonaws.com',
        userPoolId: 'ap-northeast-1_abc',
        userPoolClientId: 'client',
        webAclParameter: { name: '/mvp-dev/web-acl-arn', region: 'us-east-1', fingerprint: 'acl-definition' },
        mediaDomain: 'd111.cloudfront.net',
      });
      expect(stack.deployed).toBe(false);
      const t = Template.fromStack(stack);
      t.resourceCountIs('Custom::CDKBucketDeployment', 0);
      t.resourceCountIs('AWS::CloudFront::Distribution', 1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
