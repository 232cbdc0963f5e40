import '../support/platform-env';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import * as z from 'zod/mini';
import { beforeAll, describe, expect, it } from 'vitest';
import { createHttpHandler } from '../../../lambdas/http/create-handler';
import { implement } from '../../../lambdas/http/implement';
import { ConditionFailedError } from '../../../lambdas/platform/db';
import { lambdaContext } from '../../../local/lambda-event';
import { defineCall } from '../../../shared/api/define';
import { newOperator, type Caller } from '../content/people';

/**
 * A conditional write that lost a race and escaped its domain (no retry there) is a conflict the caller may
 * retry, answered 409 `common/concurrent_update`, never a 500. The call is declared for the test only.
 */
const racingCall = defineCall<z.ZodMiniObject<{}>, { ok: boolean }>()({
  path: '/settings/racing_probe',
  domain: 'settings',
  permission: 'admin.site',
  input: z.object({}),
});
const handler = createHttpHandler([
  implement(racingCall, async () => {
    throw new ConditionFailedError(['ConditionalCheckFailed']);
  }),
]);

let operator: Caller;
beforeAll(async () => {
  operator = await newOperator('Race Check');
});

describe('a lost conditional write', () => {
  it('answers 409 common/concurrent_update', async () => {
    const path = `/api${racingCall.path}`;
    const event = {
      version: '2.0',
      routeKey: 'POST /api/settings/{proxy+}',
      rawPath: path,
      rawQueryString: '',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${operator.token}` },
      requestContext: { http: { method: 'POST', path, sourceIp: '127.0.0.1' }, requestId: `race-${Date.now()}` },
      body: JSON.stringify(operator.ctx),
      isBase64Encoded: false,
    } as unknown as APIGatewayProxyEventV2;
    const res = await handler(event, lambdaContext('race-check', event.requestContext.requestId));
    expect(res.statusCode).toBe(409);
    expect(JSON.parse(res.body ?? '{}')).toEqual({ error: { code: 'common/concurrent_update' } });
  });
});
