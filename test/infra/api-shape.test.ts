import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { platformEnvironment } from '../../lib/environment';
import { platformNames } from '../../lib/names';
import { readSettings } from '../../lib/settings';
import { ApiStack, areaDomains, areaOf } from '../../lib/stacks/api-stack';
import type { CallDef } from '../../shared/api/define';
import { allCalls } from '../../shared/api/registry';
import { cdkJsonContext } from './synth';

/** The API stack alone, for a given list of calls (bundling skipped: only the template's shape matters here). */
function apiTemplate(calls: readonly CallDef[]): Template {
  const app = new App({ context: { ...cdkJsonContext(), 'aws:cdk:bundling-stacks': [] } });
  const settings = readSettings(app);
  const names = platformNames(settings);
  const stack = new ApiStack(app, 'ApiShape', {
    settings,
    names,
    environment: platformEnvironment(settings, names, { userPoolId: 'pool', userPoolClientId: 'client' }),
    userPoolArn: 'arn:aws:cognito-idp:ap-northeast-1:123456789012:userpool/ap-northeast-1_pool',
    mediaPrivateKeySecretArn: 'arn:aws:secretsmanager:ap-northeast-1:123456789012:secret:mvp-dev/media-cookie-private-key-AbCdEf',
    stripeSecretArn: 'arn:aws:secretsmanager:ap-northeast-1:123456789012:secret:mvp-dev/stripe-AbCdEf',
    tableStreamArn: 'arn:aws:dynamodb:ap-northeast-1:123456789012:table/mvp-dev-platform/stream/2026-01-01T00:00:00.000',
    calls,
  });
  return Template.fromStack(stack);
}

const resourceCount = (t: Template) => Object.keys(t.toJSON().Resources as object).length;

/** `perArea` more calls in every existing area, of that area's domain and access. */
function withExtraCalls(perArea: number): CallDef[] {
  const extra: CallDef[] = [];
  for (const [area] of areaDomains(allCalls)) {
    const model = allCalls.find((c) => areaOf(c.path) === area)!;
    for (let i = 0; i < perArea; i++) extra.push({ ...model, path: `/${area}/synthetic_${i}` });
  }
  return [...allCalls, ...extra];
}

describe('API shape: one route per area', () => {
  it('keeps the API stack’s resource count whatever the number of calls', () => {
    const real = apiTemplate(allCalls);
    const more = withExtraCalls(30);
    expect(more.length).toBeGreaterThan(allCalls.length * 5);
    const grown = apiTemplate(more);
    expect(resourceCount(grown)).toBe(resourceCount(real));
    const areas = areaDomains(allCalls).size;
    // One per area, the Stripe webhook's and the Cognito proxy's.
    real.resourceCountIs('AWS::ApiGatewayV2::Route', areas + 2);
    grown.resourceCountIs('AWS::ApiGatewayV2::Route', areas + 2);
    // Far below CloudFormation's 500 resources a stack (one route per call was ~410 at full SPEC).
    expect(resourceCount(real)).toBeLessThan(200);
  });

  it('fails synth when a call puts a second domain into an area', () => {
    const video = allCalls.find((c) => c.path === '/video/create')!;
    expect(() => apiTemplate([...allCalls, { ...video, path: '/video/transcode_now', domain: 'media' }])).toThrow(
      /Area \/video\/ has calls of two domains \(content, media/,
    );
  });
});
