import { afterAnswer, refusal, signInAttemptOf } from './sign-in-guard';

/**
 * The web's one way to Cognito's user pool API (Amplify Auth's `userPoolEndpoint`): on AWS the `POST /api/cognito`
 * route (lambdas/auth/cognito-proxy-handler.ts), locally the gateway's `/cognito` (local/gateway.ts). Both run this
 * module, so login throttling (./sign-in-guard.ts) sits in front of every password and two-factor code on both.
 *
 * - Only the operations the web's Amplify calls send are forwarded (`AMPLIFY_COGNITO_OPERATIONS`); any other
 *   `X-Amz-Target` gets 400 `UnknownOperationException` before anything is sent.
 * - InitiateAuth USER_PASSWORD_AUTH and RespondToAuthChallenge SOFTWARE_TOKEN_MFA are attempts: refused while the
 *   account or the source address is locked, and counted after the answer.
 * - Everything else is passed through: the request body byte for byte, the answer's status, body and AWS headers.
 *   These user pool operations are unsigned (public client, tokens in the body), so no credentials are involved.
 */

export const COGNITO_TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';

/** The path of the route on AWS (API stack) and of the same proxy on the local gateway. */
export const COGNITO_PROXY_PATH = '/api/cognito';

/**
 * What the Amplify Auth functions web/src/lib/auth.ts uses can send (aws-amplify 6): signIn (InitiateAuth;
 * ConfirmDevice when the pool remembers devices), confirmSignIn (RespondToAuthChallenge), signOut (RevokeToken,
 * GlobalSignOut with `global`), fetchAuthSession (GetTokensFromRefreshToken; InitiateAuth REFRESH_TOKEN_AUTH in
 * older releases), fetchMFAPreference and fetchUserAttributes (GetUser), setUpTOTP (AssociateSoftwareToken),
 * verifyTOTPSetup (VerifySoftwareToken), updateMFAPreference (SetUserMFAPreference), and
 * web/src/features/profile/api.ts's updatePassword (ChangePassword). test/unit/auth/cognito-proxy.test.ts reads
 * web/src for the Amplify functions used, so a new one fails there until its operations are listed here.
 */
export const AMPLIFY_COGNITO_OPERATIONS = [
  'InitiateAuth',
  'RespondToAuthChallenge',
  'GetTokensFromRefreshToken',
  'RevokeToken',
  'GlobalSignOut',
  'ConfirmDevice',
  'GetUser',
  'AssociateSoftwareToken',
  'VerifySoftwareToken',
  'SetUserMFAPreference',
  'ChangePassword',
] as const;

const allowed: ReadonlySet<string> = new Set(AMPLIFY_COGNITO_OPERATIONS);

/** Amplify's requests are a few KB (tokens included); far larger is not Amplify. */
export const COGNITO_PROXY_MAX_BODY = 64 * 1024;

/** Cognito's own answer headers that Amplify reads (the error type first, then the body's `__type`) or logs. */
const PASSED_ANSWER_HEADERS = ['content-type', 'x-amzn-errortype', 'x-amzn-errormessage', 'x-amzn-requestid'] as const;

export interface CognitoProxyRequest {
  method: string;
  /** The `X-Amz-Target` header. */
  target: string | undefined;
  contentType: string | undefined;
  /** Amplify's `X-Amz-User-Agent`, passed on for Cognito's metrics. */
  amzUserAgent?: string;
  body: Uint8Array;
  /** The caller's address as the platform's own front end saw it (never a header the client could set). */
  sourceIp: string;
}

export interface CognitoProxyAnswer {
  status: number;
  headers: Record<string, string>;
  body: Uint8Array;
}

export interface CognitoProxyOptions {
  /** Cognito's user pool API: `https://cognito-idp.<region>.amazonaws.com/`, or cognito-local's address. */
  upstream: string;
  fetch?: typeof fetch;
  /**
   * Rewrites the provider's answer before it is counted and returned. Only the local gateway sets it: cognito-local's
   * InitiateAuth errors differ from Cognito's (local/gateway.ts).
   */
  translate?: (operation: string, status: number, body: Uint8Array) => Uint8Array;
  /** A failure to count an answer: the answer is still returned (the next attempt is still checked). */
  onCountError?: (error: unknown) => void;
  timeoutMs?: number;
  now?: () => Date;
}

const JSON_11 = 'application/x-amz-json-1.1';

const error = (status: number, type: string, message: string): CognitoProxyAnswer => ({
  status,
  headers: { 'content-type': JSON_11, 'cache-control': 'no-store' },
  body: Buffer.from(JSON.stringify({ __type: type, message })),
});

function parseJson(bytes: Uint8Array): unknown {
  try {
    return JSON.parse(Buffer.from(bytes).toString('utf8'));
  } catch {
    return undefined;
  }
}

/** The operation an `X-Amz-Target` names when it is one the web sends, else undefined. */
export function allowedOperation(target: string | undefined): string | undefined {
  if (!target?.startsWith(COGNITO_TARGET_PREFIX)) return undefined;
  const operation = target.slice(COGNITO_TARGET_PREFIX.length);
  return allowed.has(operation) ? operation : undefined;
}

/** One Amplify request to the user pool API, with login throttling around sign-in attempts. */
export async function forwardCognito(request: CognitoProxyRequest, options: CognitoProxyOptions): Promise<CognitoProxyAnswer> {
  if (request.method !== 'POST') return error(405, 'UnsupportedOperationException', 'Only POST is accepted.');
  const operation = allowedOperation(request.target);
  if (!operation) return error(400, 'UnknownOperationException', 'This operation is not accepted here.');
  if (request.body.byteLength > COGNITO_PROXY_MAX_BODY) return error(413, 'InvalidParameterException', 'Request too large.');
  if (!request.contentType?.toLowerCase().startsWith(JSON_11)) {
    return error(400, 'InvalidParameterException', `Content-Type must be ${JSON_11}.`);
  }

  const now = options.now ?? (() => new Date());
  const attempt = signInAttemptOf(request.target!, parseJson(request.body), request.sourceIp);
  if (attempt) {
    const locked = await refusal(attempt, now());
    if (locked) return error(400, locked.__type, locked.message);
  }

  const headers: Record<string, string> = { 'content-type': request.contentType, 'x-amz-target': request.target! };
  if (request.amzUserAgent) headers['x-amz-user-agent'] = request.amzUserAgent;
  let upstream: Response;
  let body: Uint8Array;
  try {
    upstream = await (options.fetch ?? fetch)(options.upstream, {
      method: 'POST',
      headers,
      // A copy on its own ArrayBuffer: the exact bytes, in the type fetch takes.
      body: new Uint8Array(request.body),
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    });
    body = new Uint8Array(await upstream.arrayBuffer());
  } catch {
    return error(502, 'ServiceUnavailableException', 'The identity service is not reachable.');
  }
  if (options.translate) body = options.translate(operation, upstream.status, body);

  if (attempt) {
    try {
      await afterAnswer(attempt, upstream.status, parseJson(body), now());
    } catch (e) {
      options.onCountError?.(e);
    }
  }

  const answerHeaders: Record<string, string> = { 'content-type': JSON_11, 'cache-control': 'no-store' };
  for (const name of PASSED_ANSWER_HEADERS) {
    const value = upstream.headers.get(name);
    if (value !== null) answerHeaders[name] = value;
  }
  // A translated body names its own error type: a stale header would win over it in Amplify's error parser.
  if (options.translate) delete answerHeaders['x-amzn-errortype'];
  return { status: upstream.status, headers: answerHeaders, body };
}
