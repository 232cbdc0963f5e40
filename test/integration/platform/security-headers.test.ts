import '../support/platform-env';
import { describe, expect, it, inject } from 'vitest';
import { handler as stripeWebhook } from '../../../lambdas/events/stripe-webhook';
import { domainHandlers } from '../../../local/domain-handlers';
import { lambdaContext } from '../../../local/lambda-event';
import { contentSecurityPolicy, webSecurityHeaders } from '../../../shared/security-headers';
import { post } from '../support/api';

/**
 * The local gateway sends the headers CloudFront's response headers policy sends in AWS (one definition,
 * shared/security-headers.ts; test/infra/stacks.test.ts holds CloudFront to it), so the e2e runs under the real CSP.
 */
const expected = webSecurityHeaders();

function expectWebHeaders(headers: Headers) {
  for (const [name, value] of Object.entries(expected)) expect(headers.get(name), name).toBe(value);
}

describe('security headers of the local gateway', () => {
  it('are on the SPA pages, with the CSP of the shared definition', async () => {
    for (const path of ['/', '/login', '/user/some-team/video/some-video?lang=en']) {
      const res = await fetch(`${inject('baseUrl')}${path}`);
      await res.arrayBuffer();
      expectWebHeaders(res.headers);
    }
    const csp = (await fetch(`${inject('baseUrl')}/login`)).headers.get('content-security-policy')!;
    expect(csp).toBe(contentSecurityPolicy());
    // Nothing but the app's own origin (and Google's tag hosts) may run script; no framing.
    expect(csp).toMatch(/script-src 'self' 'wasm-unsafe-eval' https:\/\/\*\.googletagmanager\.com;/);
    expect(csp).not.toContain("'unsafe-eval'");
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it('are on config.json, which CloudFront serves from the site bucket', async () => {
    const res = await fetch(`${inject('baseUrl')}/config.json`);
    expect(res.status).toBe(200);
    await res.json();
    expectWebHeaders(res.headers);
  });

  it('are on API answers, success and errors alike', async () => {
    const ok = await post('/auth/request_password_reset', { email: `headers-${Date.now()}@example.com`, language: 'en' });
    const refused = await post('/profile/get', {});
    const bad = await post('/auth/member_login', '{not json');
    const unknown = await post('/nothing/here', {});
    expect(ok.status).toBe(200);
    expect(refused.status).toBe(401);
    expect(bad.status).toBe(400);
    expect(unknown.status).toBe(404);
    for (const answer of [ok, refused, bad, unknown]) {
      expectWebHeaders(answer.headers);
      expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    }
  });
});

describe('nosniff from the handlers themselves (API Gateway adds no header in AWS)', () => {
  it('is in every domain handler answer and the Stripe webhook answer', async () => {
    const now = new Date();
    const event = {
      version: '2.0',
      routeKey: 'POST /api/auth/{proxy+}',
      rawPath: '/api/auth/request_password_reset',
      rawQueryString: '',
      headers: { 'content-type': 'application/json' },
      requestContext: {
        accountId: '123456789012',
        apiId: 'abc123',
        domainName: 'abc123.execute-api.ap-northeast-1.amazonaws.com',
        domainPrefix: 'abc123',
        http: { method: 'POST', path: '/api/auth/request_password_reset', protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'vitest' },
        requestId: `headers-${now.getTime()}`,
        routeKey: 'POST /api/auth/{proxy+}',
        stage: '$default',
        time: now.toISOString(),
        timeEpoch: now.getTime(),
      },
      body: JSON.stringify({ email: `headers-direct-${now.getTime()}@example.com`, language: 'ja' }),
      isBase64Encoded: false,
    };
    const ok = await domainHandlers.auth(event, lambdaContext('platform-auth', event.requestContext.requestId));
    const missing = await domainHandlers.auth(
      { ...event, rawPath: '/api/auth/no_such_call', requestContext: { ...event.requestContext, http: { ...event.requestContext.http, path: '/api/auth/no_such_call' } } },
      lambdaContext('platform-auth', `${event.requestContext.requestId}-2`),
    );
    const webhook = await stripeWebhook({ ...event, rawPath: '/api/webhooks/stripe', routeKey: 'POST /api/webhooks/stripe', body: '{}' });
    expect(ok.statusCode).toBe(200);
    expect(missing.statusCode).toBe(404);
    expect(webhook.statusCode).toBeGreaterThanOrEqual(400);
    for (const result of [ok, missing, webhook]) expect(result.headers?.['x-content-type-options']).toBe('nosniff');
  });
});
