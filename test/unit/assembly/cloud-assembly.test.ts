import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { matchesPattern, matchRoute, readCloudAssembly, type Template } from '../../../local/assembly/cloud-assembly';

const dir = mkdtempSync(join(tmpdir(), 'assembly-unit-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A two-stack assembly: a table exported by one stack, a function of the other reading it through an import. */
function writeAssembly(extra: Template['Resources'] = {}) {
  const data: Template = {
    Resources: { Table: { Type: 'AWS::DynamoDB::Table', Properties: { TableName: 'mvp-dev-platform' } } },
    Outputs: {
      TableArn: { Value: { 'Fn::GetAtt': ['Table', 'Arn'] }, Export: { Name: 'data:TableArn' } },
      TableStreamArn: { Value: { 'Fn::GetAtt': ['Table', 'StreamArn'] }, Export: { Name: 'data:TableStreamArn' } },
    },
  };
  const api: Template = {
    Resources: {
      Pool: { Type: 'AWS::Cognito::UserPool' },
      Role: { Type: 'AWS::IAM::Role' },
      Fn: {
        Type: 'AWS::Lambda::Function',
        Metadata: { 'aws:asset:path': 'asset.abc' },
        Properties: {
          Handler: 'index.handler',
          Timeout: 15,
          MemorySize: 512,
          Role: { 'Fn::GetAtt': ['Role', 'Arn'] },
          Environment: {
            Variables: {
              PLATFORM: 'aws',
              TABLE_ARN: { 'Fn::ImportValue': 'data:TableArn' },
              USER_POOL_ID: { Ref: 'Pool' },
              BUCKET: { 'Fn::Join': ['', ['mvp-dev-uploads-', { Ref: 'AWS::AccountId' }, '-', { Ref: 'AWS::Region' }]] },
              QUEUE: { 'Fn::Sub': 'arn:${AWS::Partition}:mediaconvert:${AWS::Region}:${AWS::AccountId}:queues/mvp-dev' },
            },
          },
        },
      },
      Integration: { Type: 'AWS::ApiGatewayV2::Integration', Properties: { IntegrationUri: { 'Fn::GetAtt': ['Fn', 'Arn'] } } },
      Route: { Type: 'AWS::ApiGatewayV2::Route', Properties: { RouteKey: 'POST /api/video/{proxy+}', Target: { 'Fn::Join': ['', ['integrations/', { Ref: 'Integration' }]] } } },
      Rule: { Type: 'AWS::Events::Rule', Properties: { EventPattern: { source: ['aws.ses'] }, Targets: [{ Arn: { 'Fn::GetAtt': ['Fn', 'Arn'] } }] } },
      ...extra,
    },
  };
  mkdirSync(join(dir, 'asset.abc'), { recursive: true });
  writeFileSync(join(dir, 'data.template.json'), JSON.stringify(data));
  writeFileSync(join(dir, 'api.template.json'), JSON.stringify(api));
  writeFileSync(
    join(dir, 'manifest.json'),
    JSON.stringify({
      artifacts: {
        data: { type: 'aws:cloudformation:stack', properties: { templateFile: 'data.template.json' } },
        api: { type: 'aws:cloudformation:stack', properties: { templateFile: 'api.template.json' } },
      },
    }),
  );
  return readCloudAssembly(dir, { region: 'ap-northeast-1', userPoolId: 'local_pool', userPoolClientId: 'client' });
}

describe('reading a synthesized cloud assembly for assembly mode', () => {
  it('resolves a function’s environment across stacks to the local stand-ins’ names', () => {
    const assembly = writeAssembly();
    const [fn] = assembly.functions;
    expect(fn?.environment).toEqual({
      PLATFORM: 'aws',
      TABLE_ARN: 'arn:aws:dynamodb:ap-northeast-1:000000000000:table/mvp-dev-platform',
      USER_POOL_ID: 'local_pool',
      BUCKET: 'mvp-dev-uploads-000000000000-ap-northeast-1',
      QUEUE: 'arn:aws:mediaconvert:ap-northeast-1:000000000000:queues/mvp-dev',
    });
    expect(fn).toMatchObject({ handlerFile: 'index', handlerExport: 'handler', timeoutSeconds: 15, memoryMb: 512, roleLogicalId: 'Role' });
    expect(assembly.routes.map((r) => [r.routeKey, r.function.logicalId])).toEqual([['POST /api/video/{proxy+}', 'Fn']]);
    expect(assembly.rules.map((r) => [r.pattern, r.targets.map((t) => t.logicalId)])).toEqual([[{ source: ['aws.ses'] }, ['Fn']]]);
  });

  it('refuses a trigger it does not wire rather than leave it out', () => {
    expect(() => writeAssembly({ Topic: { Type: 'AWS::SNS::Subscription' } })).toThrow(/not wired/);
    const queueMapping = { Type: 'AWS::Lambda::EventSourceMapping', Properties: { EventSourceArn: 'arn:aws:sqs:ap-northeast-1:000000000000:q', FunctionName: { Ref: 'Fn' } } };
    expect(() => writeAssembly({ Mapping: queueMapping })).toThrow(/only a table's stream is/);
  });

  it('reads an event source mapping on the table stream with its filters, batch, retries and partial responses', () => {
    const pattern = { eventName: ['INSERT'], dynamodb: { NewImage: { type: { S: ['domainEvent'] } } } };
    const assembly = writeAssembly({
      Mapping: {
        Type: 'AWS::Lambda::EventSourceMapping',
        Properties: {
          EventSourceArn: { 'Fn::ImportValue': 'data:TableStreamArn' },
          FunctionName: { Ref: 'Fn' },
          BatchSize: 25,
          MaximumRetryAttempts: 5,
          FunctionResponseTypes: ['ReportBatchItemFailures'],
          FilterCriteria: { Filters: [{ Pattern: JSON.stringify(pattern) }] },
        },
      },
    });
    expect(assembly.streamMappings.map(({ function: fn, stack: _s, ...m }) => ({ ...m, fn: fn.logicalId }))).toEqual([
      { logicalId: 'Mapping', tableName: 'mvp-dev-platform', fn: 'Fn', filters: [pattern], batchSize: 25, retryAttempts: 5, reportBatchItemFailures: true },
    ]);
  });

  it('routes as API Gateway: the exact path, else the longest {proxy+} prefix, else none', () => {
    const fn = writeAssembly().functions[0]!;
    const routes = [
      { method: 'POST', path: '/api/video/{proxy+}', routeKey: 'POST /api/video/{proxy+}', function: fn },
      { method: 'POST', path: '/api/webhooks/stripe', routeKey: 'POST /api/webhooks/stripe', function: fn },
    ];
    expect(matchRoute(routes, 'POST', '/api/video/create')?.routeKey).toBe('POST /api/video/{proxy+}');
    expect(matchRoute(routes, 'POST', '/api/webhooks/stripe')?.routeKey).toBe('POST /api/webhooks/stripe');
    expect(matchRoute(routes, 'POST', '/api/video/')).toBeUndefined();
    expect(matchRoute(routes, 'GET', '/api/video/create')).toBeUndefined();
    expect(matchRoute(routes, 'POST', '/api/videos/create')).toBeUndefined();
  });

  it('matches events as EventBridge patterns do: nested fields, any allowed value, arrays in the event', () => {
    const pattern = { source: ['aws.ses'], detail: { mail: { tags: { 'ses:configuration-set': ['mvp-dev'] } } } };
    const event = (set: string) => ({ source: 'aws.ses', detail: { mail: { tags: { 'ses:configuration-set': [set], teamId: ['T1'] } } } });
    expect(matchesPattern(pattern, event('mvp-dev'))).toBe(true);
    expect(matchesPattern(pattern, event('mvp-prod'))).toBe(false);
    expect(matchesPattern(pattern, { source: 'aws.ses', detail: {} })).toBe(false);
    expect(() => matchesPattern({ source: [{ prefix: 'aws.' }] }, { source: 'aws.ses' })).toThrow(/not supported/);
  });
});
