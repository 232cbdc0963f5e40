import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { createHttpHandler } from '../../../lambdas/core/http/create-handler';
import { lambdaContext } from '../../../local/lambda-event';

/**
 * Calls a handler built in the test (for a call declared only there) with the event API Gateway would send for
 * POST /api<path>: the caller's token and team context. Answers the status and the parsed body.
 */
export async function invokeHandler<B>(
  handler: ReturnType<typeof createHttpHandler>,
  path: `/${string}`,
  caller: { token: string; ctx: object },
): Promise<{ status: number; body: B }> {
  const rawPath = `/api${path}`;
  const requestId = `test-${Date.now()}-${Math.random().toString(36).slice(2)}`;
  const event = {
    version: '2.0',
    routeKey: `POST /api/${path.split('/')[1]}/{proxy+}`,
    rawPath,
    rawQueryString: '',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${caller.token}` },
    requestContext: { http: { method: 'POST', path: rawPath, sourceIp: '127.0.0.1' }, requestId },
    body: JSON.stringify(caller.ctx),
    isBase64Encoded: false,
  } as unknown as APIGatewayProxyEventV2;
  const res = (await handler(event, lambdaContext('test', requestId))) as APIGatewayProxyStructuredResultV2;
  return { status: res.statusCode ?? 0, body: JSON.parse(res.body ?? '{}') as B };
}
