import '../support/platform-env';
import * as z from 'zod/mini';
import { beforeAll, describe, expect, it } from 'vitest';
import { createHttpHandler } from '../../../lambdas/core/http/create-handler';
import { implement } from '../../../lambdas/core/http/implement';
import { ConditionFailedError } from '../../../lambdas/platform/db';
import { defineCall } from '../../../shared/api/define';
import { newOperator, type Caller } from '../content/people';
import { invokeHandler } from '../support/invoke';

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
    expect(await invokeHandler(handler, racingCall.path, operator)).toEqual({ status: 409, body: { error: { code: 'common/concurrent_update' } } });
  });
});
