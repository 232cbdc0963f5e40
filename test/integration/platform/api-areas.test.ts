import '../support/platform-env';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import { lambdaContext } from '../../../local/lambda-event';
import { domainHandlers } from '../../../local/domain-handlers';
import { getVideoCall, type Video } from '../../../shared/api/calls/videos';
import { call } from '../support/api';
import { newOperator, type Caller } from '../content/people';

/**
 * In AWS one route serves a whole call area (`POST /api/<area>/{proxy+}`, lib/stacks/api-stack.ts): the
 * event names the area's route key and the full rawPath, and the domain's router dispatches on the path.
 */
function proxiedEvent(path: string, body: unknown, token: string): APIGatewayProxyEventV2 {
  const area = path.split('/')[2];
  const routeKey = `POST /api/${area}/{proxy+}`;
  const now = new Date();
  return {
    version: '2.0',
    routeKey,
    rawPath: path,
    rawQueryString: '',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    pathParameters: { proxy: path.split('/').slice(3).join('/') },
    requestContext: {
      accountId: '123456789012',
      apiId: 'abc123',
      domainName: 'abc123.execute-api.ap-northeast-1.amazonaws.com',
      domainPrefix: 'abc123',
      http: { method: 'POST', path, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'vitest' },
      requestId: `proxied-${now.getTime()}`,
      routeKey,
      stage: '$default',
      time: now.toISOString(),
      timeEpoch: now.getTime(),
    },
    body: JSON.stringify(body),
    isBase64Encoded: false,
  };
}

let operator: Caller;
beforeAll(async () => {
  operator = await newOperator('Proxy Routes');
});

const invoke = (domain: keyof typeof domainHandlers, event: APIGatewayProxyEventV2) =>
  domainHandlers[domain](event, lambdaContext(`platform-${domain}`, event.requestContext.requestId));

describe('an area route ({proxy+}) reaching the domain handler', () => {
  it('runs the call its full path names: POST /api/video/{proxy+} with rawPath /api/video/create creates the video', async () => {
    const event = proxiedEvent('/api/video/create', { ...operator.ctx, title: 'Through the area route' }, operator.token);
    expect(event.routeKey).toBe('POST /api/video/{proxy+}');
    const res = await invoke('content', event);
    expect(res.statusCode, res.body).toBe(200);
    const { videoId } = JSON.parse(res.body ?? '{}') as { videoId: string };
    const stored = await call(getVideoCall, { ...operator.ctx, videoId }, operator.token);
    expect(stored.status).toBe(200);
    expect((stored.body as Video).title).toBe('Through the area route');
  });

  it('answers 404 common/not_found for a path under the area that names no call', async () => {
    const res = await invoke('content', proxiedEvent('/api/video/no_such_call', operator.ctx, operator.token));
    expect(res.statusCode).toBe(404);
    expect(JSON.parse(res.body ?? '{}')).toEqual({ error: { code: 'common/not_found' } });
  });
});
