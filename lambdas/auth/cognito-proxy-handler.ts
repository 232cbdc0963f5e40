import { Logger } from '@aws-lambda-powertools/logger';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { API_SECURITY_HEADERS } from '../../shared/security-headers';
import { COGNITO_PROXY_MAX_BODY, forwardCognito } from './cognito-proxy';

/**
 * `POST /api/cognito` (API stack): the web's Amplify `userPoolEndpoint` on AWS, so login throttling runs in front
 * of Cognito's sign-in API as it does locally (./cognito-proxy.ts). Not a declared call: no zod input, no token,
 * Cognito's own JSON protocol in and out. Its role reaches the table and nothing of Cognito: the forwarded
 * operations are Cognito's unsigned public ones.
 *
 * No source address is counted here, only the account: behind the web distribution API Gateway's `sourceIp` is a
 * CloudFront address that many viewers share (counting it would let one guesser lock everyone at that edge out), and
 * the viewer address headers (`CloudFront-Viewer-Address`, `X-Forwarded-For`) are whatever a caller going to the
 * public execute-api host directly wrote. Per address, the WAF's rate rule on these sign-in requests sees the real
 * viewer (lib/stacks/edge-stack.ts). See `sourceAddressOf`.
 */

const logger = new Logger({ serviceName: 'cognito-proxy' });

/** Cognito's user pool API in the function's own region (the pool's region: the stacks share one). */
export const cognitoUpstream = (region = process.env.AWS_REGION ?? 'ap-northeast-1') =>
  `https://cognito-idp.${region}.amazonaws.com${region.startsWith('cn-') ? '.cn' : ''}/`;

/**
 * The address login throttling counts on AWS: none (see above). Locally the gateway passes its socket peer, which is
 * the viewer.
 */
export const sourceAddressOf = (_event: Pick<APIGatewayProxyEventV2, 'requestContext'>): string => '';

const header = (event: APIGatewayProxyEventV2, name: string): string | undefined => {
  const found = Object.entries(event.headers ?? {}).find(([k]) => k.toLowerCase() === name);
  return found?.[1];
};

export async function handler(event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> {
  const raw = event.body ?? '';
  // Base64 is 4/3 of the bytes: refuse far-too-large bodies before decoding them.
  if (raw.length > COGNITO_PROXY_MAX_BODY * 2) {
    return { statusCode: 413, headers: { 'content-type': 'application/x-amz-json-1.1', ...API_SECURITY_HEADERS }, body: '{"__type":"InvalidParameterException","message":"Request too large."}' };
  }
  const body = event.isBase64Encoded ? Buffer.from(raw, 'base64') : Buffer.from(raw, 'utf8');
  try {
    const answer = await forwardCognito(
      {
        method: event.requestContext?.http?.method ?? 'POST',
        target: header(event, 'x-amz-target'),
        contentType: header(event, 'content-type'),
        amzUserAgent: header(event, 'x-amz-user-agent'),
        body,
        sourceIp: sourceAddressOf(event),
      },
      {
        // Locally (assembly mode) the platform's front of cognito-local; Cognito's regional endpoint on AWS.
        upstream: (process.env.PLATFORM === 'local' && process.env.COGNITO_PROXY_UPSTREAM) || cognitoUpstream(),
        onCountError: (e) => logger.error('login throttle: a sign-in answer was not counted', { error: e as Error }),
      },
    );
    return {
      statusCode: answer.status,
      headers: { ...answer.headers, ...API_SECURITY_HEADERS },
      isBase64Encoded: true,
      body: Buffer.from(answer.body).toString('base64'),
    };
  } catch (e) {
    // The throttle's store did not answer: refuse rather than let attempts through unchecked.
    logger.error('cognito proxy failed', { error: e as Error });
    return {
      statusCode: 500,
      headers: { 'content-type': 'application/x-amz-json-1.1', ...API_SECURITY_HEADERS },
      body: JSON.stringify({ __type: 'InternalErrorException', message: 'Sign-in is unavailable. Try again later.' }),
    };
  }
}
