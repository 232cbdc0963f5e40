import { Stack } from 'aws-cdk-lib';
import { Match } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tableSchema } from '../../lambdas/platform/table-schema';
import { PlatformFunction } from '../../lib/constructs/platform-function';
import { COGNITO_SIGN_IN, EDGE_REGION, LOGIN_AND_JOIN_PATHS, LOGIN_RATE_LIMIT, MANAGED_RULE_GROUPS, webAclParameterName } from '../../lib/stacks/edge-stack';
import { allowedOperation, COGNITO_PROXY_PATH } from '../../lambdas/auth/cognito-proxy';
import { awsCspOrigins } from '../../lib/stacks/web-stack';
import { adminLoginCall, memberLoginCall } from '../../shared/api/calls/auth';
import { joinCall } from '../../shared/api/calls/invites';
import { contentSecurityPolicy, SECURITY_HEADER_SETTINGS } from '../../shared/security-headers';
import { synthesizePlatform, type Synthesized } from './synth';

type Resource = { Type: string; Properties: Record<string, unknown> };
/** Template JSON read loosely: every property is another node (object, array or scalar). */
interface Cfn {
  [key: string]: Cfn & Cfn[];
}
const json = (v: unknown) => JSON.stringify(v);

let s: Synthesized;
beforeAll(() => {
  s = synthesizePlatform();
});
afterAll(() => s?.cleanup());

const resources = (stack: keyof Synthesized['templates'], type: string) =>
  Object.entries(s.templates[stack].findResources(type) as Record<string, Resource>);

describe('web security headers', () => {
  it('CloudFront’s policy is the shared definition the local gateway sends (shared/security-headers.ts)', () => {
    const [[, policy], ...others] = resources('web', 'AWS::CloudFront::ResponseHeadersPolicy');
    expect(others).toHaveLength(0);
    const config = (policy!.Properties.ResponseHeadersPolicyConfig as { SecurityHeadersConfig: Record<string, Record<string, unknown>> })
      .SecurityHeadersConfig;
    const web = s.platform.web;
    const expectedCsp = web.resolve(contentSecurityPolicy(awsCspOrigins(s.platform.settings, s.platform.names, s.platform.media.mediaDomain)));
    expect(config.ContentSecurityPolicy).toEqual({ ContentSecurityPolicy: expectedCsp, Override: true });
    // The federated sign-in's code exchange goes to the user pool domain (issue 15), which connect-src must allow.
    expect(JSON.stringify(expectedCsp)).toMatch(/connect-src[^;]*\.auth\.[^;]*amazoncognito\.com/);
    expect(config.StrictTransportSecurity).toEqual({
      AccessControlMaxAgeSec: SECURITY_HEADER_SETTINGS.hstsMaxAgeSeconds,
      IncludeSubdomains: SECURITY_HEADER_SETTINGS.hstsIncludeSubdomains,
      Override: true,
    });
    expect(config.FrameOptions).toEqual({ FrameOption: SECURITY_HEADER_SETTINGS.frameOptions, Override: true });
    expect(config.ReferrerPolicy).toEqual({ ReferrerPolicy: SECURITY_HEADER_SETTINGS.referrerPolicy, Override: true });
    expect(config.ContentTypeOptions).toEqual({ Override: true });
  });

  it('applies to the SPA and to /api/* alike', () => {
    const [[id], ...others] = resources('web', 'AWS::CloudFront::ResponseHeadersPolicy');
    expect(others).toHaveLength(0);
    const [[, dist]] = resources('web', 'AWS::CloudFront::Distribution');
    const config = dist!.Properties.DistributionConfig as {
      DefaultCacheBehavior: { ResponseHeadersPolicyId: unknown };
      CacheBehaviors: { PathPattern: string; ResponseHeadersPolicyId: unknown }[];
    };
    expect(config.DefaultCacheBehavior.ResponseHeadersPolicyId).toEqual({ Ref: id });
    expect(config.CacheBehaviors.find((b) => b.PathPattern === '/api/*')?.ResponseHeadersPolicyId).toEqual({ Ref: id });
  });
});

describe('WAF (edge stack)', () => {
  it('is a CLOUDFRONT web ACL in us-east-1, whatever region the platform uses', () => {
    expect(s.platform.edge.region).toBe(EDGE_REGION);
    expect(EDGE_REGION).toBe('us-east-1');
    s.templates.edge.hasResourceProperties('AWS::WAFv2::WebACL', { Scope: 'CLOUDFRONT', DefaultAction: { Allow: {} } });
  });

  it('runs the AWS managed common and known-bad-inputs rule sets', () => {
    const [[, acl]] = resources('edge', 'AWS::WAFv2::WebACL');
    const rules = acl!.Properties.Rules as Cfn[];
    const managed = rules.filter((r) => r.Statement.ManagedRuleGroupStatement).map((r) => r.Statement.ManagedRuleGroupStatement);
    expect(managed.map((m) => `${m.VendorName}/${m.Name}`)).toEqual(['AWS/AWSManagedRulesCommonRuleSet', 'AWS/AWSManagedRulesKnownBadInputsRuleSet']);
    // Only the named rules are relaxed to count (bodies up to 1 MB and sanitized HTML are the app's own).
    expect(managed.flatMap((m) => (m.RuleActionOverrides ?? []).map((o: Cfn) => [o.Name, Object.keys(o.ActionToUse)]))).toEqual(
      MANAGED_RULE_GROUPS.flatMap((g) => g.count.map((name) => [name, ['Count']])),
    );
    for (const r of rules) expect(r.VisibilityConfig).toMatchObject({ CloudWatchMetricsEnabled: true, SampledRequestsEnabled: true });
  });

  it('blocks an address above a rate on exactly the login and join calls and the sign-in attempts sent through /api/cognito', () => {
    expect(LOGIN_AND_JOIN_PATHS).toEqual([`/api${adminLoginCall.path}`, `/api${memberLoginCall.path}`, `/api${joinCall.path}`]);
    expect(LOGIN_AND_JOIN_PATHS).toEqual(['/api/auth/admin_login', '/api/auth/member_login', '/api/invite/join']);
    const [[, acl]] = resources('edge', 'AWS::WAFv2::WebACL');
    const rate = (acl!.Properties.Rules as Cfn[]).find((r) => r.Statement.RateBasedStatement)!;
    expect(rate.Action).toEqual({ Block: {} });
    expect(rate.Statement.RateBasedStatement).toMatchObject({ Limit: LOGIN_RATE_LIMIT, AggregateKeyType: 'IP', EvaluationWindowSec: 300 });
    const scoped = rate.Statement.RateBasedStatement.ScopeDownStatement.OrStatement.Statements as Cfn[];
    const matches = scoped.filter((st) => st.ByteMatchStatement).map((st) => st.ByteMatchStatement);
    expect(matches.map((m: Cfn) => [m.SearchString, m.PositionalConstraint, Object.keys(m.FieldToMatch)])).toEqual(
      LOGIN_AND_JOIN_PATHS.map((p) => [p, 'EXACTLY', ['UriPath']]),
    );
    // The Cognito proxy (the web's userPoolEndpoint): its path AND a password or code operation, not token refreshes.
    const [cognito, ...others] = scoped.filter((st) => !st.ByteMatchStatement);
    expect(others).toHaveLength(0);
    const [path, operations] = cognito!.AndStatement.Statements as Cfn[];
    expect(path!.ByteMatchStatement).toMatchObject({ SearchString: COGNITO_PROXY_PATH, PositionalConstraint: 'EXACTLY', FieldToMatch: { UriPath: {} } });
    expect(COGNITO_SIGN_IN.path).toBe('/api/cognito');
    expect(operations!.OrStatement.Statements.map((st: Cfn) => st.ByteMatchStatement)).toEqual(
      ['initiateauth', 'respondtoauthchallenge'].map((op) => ({
        FieldToMatch: { SingleHeader: { Name: 'x-amz-target' } },
        PositionalConstraint: 'CONTAINS',
        SearchString: op,
        TextTransformations: [{ Priority: 0, Type: 'LOWERCASE' }],
      })),
    );
    // Every spelling of a sign-in target the proxy forwards is matched by the lower-cased CONTAINS.
    for (const op of ['InitiateAuth', 'RespondToAuthChallenge']) {
      const target = `AWSCognitoIdentityProviderService.${op}`;
      expect(allowedOperation(target)).toBe(op);
      expect(COGNITO_SIGN_IN.operations.some((o) => target.toLowerCase().includes(o))).toBe(true);
    }
  });

  it('is attached to the web distribution through its ARN, read in us-east-1 from the edge stack’s parameter', () => {
    const name = webAclParameterName(s.platform.settings);
    s.templates.edge.hasResourceProperties('AWS::SSM::Parameter', { Name: name, Value: { 'Fn::GetAtt': [Match.anyValue(), 'Arn'] } });
    const [[readerId, reader]] = resources('web', 'Custom::AWS');
    // CDK writes the SDK call as a JSON string (onUpdate serves the create too).
    expect(JSON.parse(reader!.Properties.Update as string)).toMatchObject({
      service: 'SSM',
      action: 'getParameter',
      parameters: { Name: name },
      region: EDGE_REGION,
    });
    s.templates.web.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({ WebACLId: { 'Fn::GetAtt': [readerId, 'Parameter.Value'] } }),
    });
    // The media distribution serves only signed-cookie objects; it stays outside the ACL.
    expect(json(s.templates.media.findResources('AWS::CloudFront::Distribution'))).not.toContain('WebACLId');
    expect(s.platform.web.dependencies).toContain(s.platform.edge);
  });
});

describe('CloudWatch alarms', () => {
  type Alarm = { Properties: Cfn };
  const allAlarms = () =>
    Object.entries(s.templates).flatMap(([stack, t]) =>
      Object.values(t.findResources('AWS::CloudWatch::Alarm') as Record<string, Alarm>).map((a) => ({ stack, ...a.Properties }) as unknown as Cfn),
    );
  const byName = (name: string) => allAlarms().find((a) => String(a.AlarmName) === name);

  it('notify the topic the data stack creates when no alarmTopicArn is given', () => {
    s.templates.data.hasResourceProperties('AWS::SNS::Topic', { TopicName: 'mvp-dev-alarms' });
    s.templates.data.hasResourceProperties('AWS::SNS::TopicPolicy', {
      PolicyDocument: Match.objectLike({
        Statement: Match.arrayWith([Match.objectLike({ Principal: { Service: 'cloudwatch.amazonaws.com' }, Action: 'sns:Publish' })]),
      }),
    });
    const alarms = allAlarms();
    expect(alarms.length).toBeGreaterThan(0);
    for (const a of alarms) {
      expect(a.AlarmActions).toHaveLength(1);
      expect(json(a.AlarmActions)).toContain(':mvp-dev-alarms');
      expect(a).toMatchObject({ Threshold: 1, EvaluationPeriods: 1, ComparisonOperator: 'GreaterThanOrEqualToThreshold', TreatMissingData: 'notBreaching' });
    }
  });

  it('watch every Lambda’s errors and throttles (each domain function included), every DLQ’s depth', () => {
    const functions = s.platform.stacks.flatMap((stack) => stack.node.findAll().filter((c): c is PlatformFunction => c instanceof PlatformFunction));
    // Each domain's function, the Stripe webhook, and the mail and media event functions.
    expect(functions.length).toBeGreaterThanOrEqual(Object.keys(s.platform.api.functions).length + 2);
    for (const domain of Object.keys(s.platform.api.functions)) expect(functions).toContain(s.platform.api.functions[domain]);
    const queues = functions.filter((f) => f.failureQueue);
    expect(queues.length).toBeGreaterThanOrEqual(2);
    for (const fn of functions) {
      const stack = Stack.of(fn);
      const ref = stack.resolve(fn.function.functionName);
      const label = fn.node.id.replace(/Function$/, '');
      const errors = byName(`mvp-dev-${label}-errors`);
      const throttles = byName(`mvp-dev-${label}-throttles`);
      expect(errors, label).toMatchObject({ Namespace: 'AWS/Lambda', MetricName: 'Errors', Statistic: 'Sum', Dimensions: [{ Name: 'FunctionName', Value: ref }] });
      expect(throttles, label).toMatchObject({ Namespace: 'AWS/Lambda', MetricName: 'Throttles', Dimensions: [{ Name: 'FunctionName', Value: ref }] });
      if (fn.failureQueue) {
        expect(byName(`mvp-dev-${label}-dlq`), label).toMatchObject({
          Namespace: 'AWS/SQS',
          MetricName: 'ApproximateNumberOfMessagesVisible',
          Dimensions: [{ Name: 'QueueName', Value: stack.resolve(fn.failureQueue.queueName) }],
        });
      }
    }
    // Every SQS queue in the templates is a failure queue, and each is watched.
    const sqsQueues = Object.values(s.templates).flatMap((t) => Object.keys(t.findResources('AWS::SQS::Queue')));
    expect(allAlarms().filter((a) => String(a.Namespace) === 'AWS/SQS')).toHaveLength(sqsQueues.length);
  });

  it('watch API 5xx and DynamoDB throttles of the table and every index', () => {
    expect(byName('mvp-dev-api-5xx')).toMatchObject({
      stack: 'api',
      Namespace: 'AWS/ApiGateway',
      MetricName: '5xx',
      Dimensions: [{ Name: 'ApiId', Value: s.platform.api.resolve(s.platform.api.api.apiId) }],
    });
    for (const kind of ['read', 'write']) {
      const alarm = byName(`mvp-dev-dynamodb-${kind}-throttles`)!;
      expect(alarm.stack).toBe('data');
      const metrics = alarm.Metrics.filter((m: Cfn) => m.MetricStat).map((m: Cfn) => m.MetricStat.Metric);
      expect(metrics).toHaveLength(tableSchema.indexes.length + 1);
      for (const m of metrics) expect(m).toMatchObject({ Namespace: 'AWS/DynamoDB', MetricName: kind === 'read' ? 'ReadThrottleEvents' : 'WriteThrottleEvents' });
      expect(metrics.map((m: Cfn) => m.Dimensions.find((d: Cfn) => String(d.Name) === 'GlobalSecondaryIndexName')?.Value)).toEqual([
        undefined,
        ...tableSchema.indexes.map((i) => i.name),
      ]);
      expect(alarm.Metrics.find((m: Cfn) => m.Expression)?.Expression).toBe('SUM(METRICS())');
    }
  });

  it('notify the topic of context alarmTopicArn, and then create none', () => {
    const topic = 'arn:aws:sns:ap-northeast-1:111122223333:ops-alarms';
    const other = synthesizePlatform({ alarmTopicArn: topic });
    try {
      expect(Object.keys(other.templates.data.findResources('AWS::SNS::Topic'))).toHaveLength(0);
      const alarms = Object.values(other.templates).flatMap((t) => Object.values(t.findResources('AWS::CloudWatch::Alarm') as Record<string, Alarm>));
      expect(alarms.length).toBe(allAlarms().length);
      for (const a of alarms) expect(a.Properties.AlarmActions).toEqual([topic]);
    } finally {
      other.cleanup();
    }
    expect(() => synthesizePlatform({ alarmTopicArn: 'not-an-arn' })).toThrow(/alarmTopicArn/);
  });
});
