import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AMPLIFY_COGNITO_OPERATIONS, forwardCognito } from '../../../lambdas/auth/cognito-proxy';
import { cognitoUpstream, handler, sourceAddressOf } from '../../../lambdas/auth/cognito-proxy-handler';
import type { LoginSubjects } from '../../../lambdas/auth/login-throttle';

/** The throttle's store, in memory: which subjects failed, which are locked, which were cleared. */
const store = vi.hoisted(() => ({
  failures: [] as LoginSubjects[],
  cleared: [] as string[],
  locked: new Set<string>(),
}));

vi.mock('../../../lambdas/auth/login-throttle', () => ({
  loginLockedUntil: async (s: LoginSubjects) =>
    store.locked.has(`account:${s.account?.toLowerCase()}`) || store.locked.has(`address:${s.address}`) ? new Date(Date.now() + 60_000) : undefined,
  recordLoginFailure: async (s: LoginSubjects) => {
    store.failures.push(s);
    return false;
  },
  clearLoginFailures: async (account: string) => {
    store.cleared.push(account);
  },
}));


const JSON_11 = 'application/x-amz-json-1.1';
const target = (op: string) => `AWSCognitoIdentityProviderService.${op}`;

interface Sent {
  url: string;
  headers: Record<string, string>;
  body: Uint8Array;
}

const headersOf = (init: HeadersInit | undefined) => {
  const out: Record<string, string> = {};
  new Headers(init).forEach((value, name) => {
    out[name] = value;
  });
  return out;
};

/** A fake Cognito: records what reached it and answers `reply`. */
function fakeUpstream(reply: (sent: Sent) => { status: number; body: string | Uint8Array; headers?: Record<string, string> }) {
  const sent: Sent[] = [];
  const fetchFake = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    const s: Sent = {
      url: String(url),
      headers: headersOf(init?.headers),
      body: new Uint8Array(init?.body as Uint8Array),
    };
    sent.push(s);
    const r = reply(s);
    return new Response(r.body as BodyInit, { status: r.status, headers: { 'content-type': JSON_11, ...r.headers } });
  });
  return { sent, fetch: fetchFake as unknown as typeof fetch };
}

const request = (op: string, body: unknown, sourceIp = '198.51.100.7') => ({
  method: 'POST',
  target: target(op),
  contentType: JSON_11,
  amzUserAgent: 'aws-amplify/6',
  body: Buffer.from(JSON.stringify(body)),
  sourceIp,
});

const text = (b: Uint8Array) => Buffer.from(b).toString('utf8');
const passwordBody = (user: string) => ({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: 'c', AuthParameters: { USERNAME: user, PASSWORD: 'x' } });

beforeEach(() => {
  store.failures.length = 0;
  store.cleared.length = 0;
  store.locked.clear();
});

describe('forwardCognito: sign-in attempts', () => {
  it('counts a wrong password against the account and the source address, then refuses the locked account before Cognito is asked', async () => {
    const up = fakeUpstream(() => ({ status: 400, body: '{"__type":"NotAuthorizedException","message":"Incorrect username or password."}' }));
    const wrong = await forwardCognito(request('InitiateAuth', passwordBody('a@example.test')), { upstream: 'https://cognito.test/', fetch: up.fetch });
    expect(wrong.status).toBe(400);
    expect(JSON.parse(text(wrong.body))).toMatchObject({ __type: 'NotAuthorizedException' });
    expect(store.failures).toEqual([{ step: 'password', account: 'a@example.test', address: '198.51.100.7' }]);
    expect(up.sent).toHaveLength(1);

    store.locked.add('account:a@example.test');
    const refused = await forwardCognito(request('InitiateAuth', passwordBody('A@example.test'), '203.0.113.9'), { upstream: 'https://cognito.test/', fetch: up.fetch });
    expect(refused.status).toBe(400);
    expect(JSON.parse(text(refused.body))).toMatchObject({ __type: 'TooManyFailedAttemptsException' });
    expect(refused.headers['content-type']).toBe(JSON_11);
    // Cognito never saw the refused attempt (so a right password cannot get through while locked).
    expect(up.sent).toHaveLength(1);
  });

  it('refuses a two-factor code from a locked address, and counts a wrong code', async () => {
    const up = fakeUpstream(() => ({ status: 400, body: '{"__type":"CodeMismatchException","message":"Invalid code."}' }));
    const code = { ClientId: 'c', ChallengeName: 'SOFTWARE_TOKEN_MFA', Session: 's', ChallengeResponses: { USERNAME: 'b@example.test', SOFTWARE_TOKEN_MFA_CODE: '000000' } };
    await forwardCognito(request('RespondToAuthChallenge', code), { upstream: 'https://cognito.test/', fetch: up.fetch });
    expect(store.failures).toEqual([{ step: 'code', account: 'b@example.test', address: '198.51.100.7' }]);
    store.locked.add('address:198.51.100.7');
    const refused = await forwardCognito(request('RespondToAuthChallenge', code), { upstream: 'https://cognito.test/', fetch: up.fetch });
    expect(JSON.parse(text(refused.body)).__type).toBe('TooManyFailedAttemptsException');
    expect(up.sent).toHaveLength(1);
  });

  it('a sign-in that reaches tokens clears the account count', async () => {
    const up = fakeUpstream(() => ({ status: 200, body: '{"AuthenticationResult":{"AccessToken":"t"}}' }));
    const ok = await forwardCognito(request('InitiateAuth', passwordBody('c@example.test')), { upstream: 'https://cognito.test/', fetch: up.fetch });
    expect(ok.status).toBe(200);
    expect(store.cleared).toEqual(['c@example.test']);
    expect(store.failures).toEqual([]);
  });

  it('counts the translated answer (the local gateway rewrites cognito-local errors), and still answers when counting fails', async () => {
    const up = fakeUpstream(() => ({ status: 400, body: '{"__type":"SomethingLocal"}', headers: { 'x-amzn-errortype': 'SomethingLocal:' } }));
    const countErrors: unknown[] = [];
    const answer = await forwardCognito(request('InitiateAuth', passwordBody('d@example.test')), {
      upstream: 'https://cognito.test/',
      fetch: up.fetch,
      translate: (op, status) => (op === 'InitiateAuth' && status === 400 ? Buffer.from('{"__type":"UserNotFoundException"}') : new Uint8Array()),
      onCountError: (e) => countErrors.push(e),
    });
    expect(JSON.parse(text(answer.body)).__type).toBe('UserNotFoundException');
    // The stale header would otherwise win in Amplify's error parser.
    expect(answer.headers['x-amzn-errortype']).toBeUndefined();
    expect(store.failures).toHaveLength(1);
    expect(countErrors).toEqual([]);
  });
});

describe('forwardCognito: everything else passes through', () => {
  it('passes the other operations byte for byte, uncounted, with Cognito’s status, body and AWS headers', async () => {
    // Not JSON-normalized: odd spacing, key order and non-ASCII survive as sent.
    const raw = Buffer.from('{ "AccessToken" :"tok",  "UserAttributes":[{"Name":"name","Value":"山田"}] }', 'utf8');
    const answerBytes = Buffer.from('{"Username":"u",  "UserAttributes":[{"Name":"email","Value":"é@example.test"}]}', 'utf8');
    const up = fakeUpstream(() => ({ status: 200, body: answerBytes, headers: { 'x-amzn-requestid': 'req-1', 'set-cookie': 'no=1' } }));
    for (const op of AMPLIFY_COGNITO_OPERATIONS.filter((o) => o !== 'InitiateAuth' && o !== 'RespondToAuthChallenge')) {
      const answer = await forwardCognito({ ...request(op, {}), body: raw }, { upstream: 'https://cognito.test/', fetch: up.fetch });
      expect(answer.status, op).toBe(200);
      expect(Buffer.from(answer.body).equals(answerBytes), op).toBe(true);
      expect(answer.headers['x-amzn-requestid'], op).toBe('req-1');
      expect(answer.headers['set-cookie'], op).toBeUndefined();
      const sent = up.sent.at(-1)!;
      expect(Buffer.from(sent.body).equals(raw), op).toBe(true);
      expect(sent.url).toBe('https://cognito.test/');
      expect(sent.headers).toEqual({ 'content-type': JSON_11, 'x-amz-target': target(op), 'x-amz-user-agent': 'aws-amplify/6' });
    }
    // A token refresh and a password step other than USER_PASSWORD_AUTH are not attempts either.
    await forwardCognito(request('InitiateAuth', { AuthFlow: 'REFRESH_TOKEN_AUTH', AuthParameters: { REFRESH_TOKEN: 'r' } }), { upstream: 'https://cognito.test/', fetch: up.fetch });
    expect(store.failures).toEqual([]);
    expect(store.cleared).toEqual([]);
  });

  it('passes Cognito’s errors through unchanged (status, body, error type header)', async () => {
    const body = '{"__type":"NotAuthorizedException","message":"Access Token has been revoked"}';
    const up = fakeUpstream(() => ({ status: 400, body, headers: { 'x-amzn-errortype': 'NotAuthorizedException:' } }));
    const answer = await forwardCognito(request('GetUser', { AccessToken: 'old' }), { upstream: 'https://cognito.test/', fetch: up.fetch });
    expect(answer.status).toBe(400);
    expect(text(answer.body)).toBe(body);
    expect(answer.headers['x-amzn-errortype']).toBe('NotAuthorizedException:');
    expect(store.failures).toEqual([]);
  });

  it('refuses unknown targets, other methods, other content types and large bodies before anything is sent', async () => {
    const up = fakeUpstream(() => ({ status: 200, body: '{}' }));
    const opts = { upstream: 'https://cognito.test/', fetch: up.fetch };
    for (const t of [target('AdminCreateUser'), target('ListUsers'), target('SignUp'), target('ForgotPassword'), 'AWSCognitoIdentityService.GetId', 'DynamoDB_20120810.Scan', '', undefined]) {
      const answer = await forwardCognito({ ...request('GetUser', {}), target: t }, opts);
      expect(answer.status, String(t)).toBe(400);
      expect(JSON.parse(text(answer.body)).__type, String(t)).toBe('UnknownOperationException');
    }
    expect((await forwardCognito({ ...request('GetUser', {}), method: 'GET' }, opts)).status).toBe(405);
    expect((await forwardCognito({ ...request('GetUser', {}), contentType: 'text/plain' }, opts)).status).toBe(400);
    expect((await forwardCognito({ ...request('GetUser', {}), body: new Uint8Array(65 * 1024) }, opts)).status).toBe(413);
    expect(up.sent).toEqual([]);
  });

  it('answers 502 in Cognito’s shape when the upstream is unreachable', async () => {
    const failing = (async () => {
      throw new TypeError('fetch failed');
    }) as unknown as typeof fetch;
    const answer = await forwardCognito(request('GetUser', {}), { upstream: 'https://cognito.test/', fetch: failing });
    expect(answer.status).toBe(502);
    expect(JSON.parse(text(answer.body)).__type).toBe('ServiceUnavailableException');
  });
});

describe('the Lambda handler (POST /api/cognito)', () => {
  const event = (over: Partial<APIGatewayProxyEventV2> & { sourceIp?: string } = {}): APIGatewayProxyEventV2 =>
    ({
      version: '2.0',
      routeKey: 'POST /api/cognito',
      rawPath: '/api/cognito',
      rawQueryString: '',
      headers: {
        'content-type': JSON_11,
        'x-amz-target': target('InitiateAuth'),
        // Both set by the client here: a request sent straight to the execute-api host carries whatever its sender wrote.
        'x-forwarded-for': '10.9.9.9',
        'cloudfront-viewer-address': '10.8.8.8:443',
      },
      requestContext: { http: { method: 'POST', path: '/api/cognito', protocol: 'HTTP/1.1', sourceIp: over.sourceIp ?? '192.0.2.44', userAgent: 'x' } },
      isBase64Encoded: false,
      body: JSON.stringify(passwordBody('e@example.test')),
      ...over,
    }) as unknown as APIGatewayProxyEventV2;

  let up: ReturnType<typeof fakeUpstream>;
  beforeEach(() => {
    up = fakeUpstream(() => ({ status: 400, body: '{"__type":"NotAuthorizedException","message":"Incorrect username or password."}' }));
    vi.stubGlobal('fetch', up.fetch);
    vi.stubEnv('AWS_REGION', 'eu-west-1');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.unstubAllEnvs();
  });

  it('counts the account only: neither the shared CloudFront address API Gateway saw nor a client-set header', async () => {
    const res = await handler(event());
    expect(res.statusCode).toBe(400);
    expect(store.failures).toEqual([{ step: 'password', account: 'e@example.test', address: '' }]);
    expect(sourceAddressOf(event({ sourceIp: '2001:db8::1' }))).toBe('');

    store.locked.add('account:e@example.test');
    const refused = await handler(event());
    expect(JSON.parse(Buffer.from(refused.body!, 'base64').toString()).__type).toBe('TooManyFailedAttemptsException');
    // The locked account cannot escape by naming another address in a header.
    const forged = await handler(event({ headers: { 'content-type': JSON_11, 'x-amz-target': target('InitiateAuth'), 'x-forwarded-for': '10.1.1.1' } }));
    expect(JSON.parse(Buffer.from(forged.body!, 'base64').toString()).__type).toBe('TooManyFailedAttemptsException');
    expect(up.sent).toHaveLength(1);
  });

  it('forwards to Cognito in the function’s region, decodes base64 bodies, and answers with nosniff and no-store', async () => {
    const body = JSON.stringify(passwordBody('f@example.test'));
    const res = await handler(event({ isBase64Encoded: true, body: Buffer.from(body).toString('base64') }));
    expect(up.sent[0]!.url).toBe('https://cognito-idp.eu-west-1.amazonaws.com/');
    expect(text(up.sent[0]!.body)).toBe(body);
    expect(res.isBase64Encoded).toBe(true);
    expect(res.headers).toMatchObject({ 'content-type': JSON_11, 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' });
    expect(cognitoUpstream('cn-north-1')).toBe('https://cognito-idp.cn-north-1.amazonaws.com.cn/');
  });

  it('refuses an unknown target with 400', async () => {
    const res = await handler(event({ headers: { 'content-type': JSON_11, 'x-amz-target': target('AdminDeleteUser') } }));
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(Buffer.from(res.body!, 'base64').toString()).__type).toBe('UnknownOperationException');
    expect(up.sent).toEqual([]);
  });
});

describe('AMPLIFY_COGNITO_OPERATIONS covers what the web calls', () => {
  /** The Cognito operations each Amplify Auth function can send (aws-amplify 6, USER_PASSWORD_AUTH pool client). */
  const OPERATIONS_OF: Record<string, string[]> = {
    signIn: ['InitiateAuth', 'RespondToAuthChallenge', 'ConfirmDevice'],
    confirmSignIn: ['RespondToAuthChallenge', 'ConfirmDevice'],
    signOut: ['RevokeToken', 'GlobalSignOut'],
    fetchAuthSession: ['GetTokensFromRefreshToken', 'InitiateAuth'],
    fetchMFAPreference: ['GetUser'],
    fetchUserAttributes: ['GetUser'],
    setUpTOTP: ['AssociateSoftwareToken'],
    verifyTOTPSetup: ['VerifySoftwareToken'],
    updateMFAPreference: ['SetUserMFAPreference'],
    updatePassword: ['ChangePassword'],
  };

  const sources = (dir: string): string[] =>
    readdirSync(dir).flatMap((f) => {
      const p = join(dir, f);
      return statSync(p).isDirectory() ? sources(p) : /\.tsx?$/.test(f) ? [p] : [];
    });

  it('every Amplify Auth function used in web/src is known here, and its operations are forwarded', () => {
    const used = new Set<string>();
    for (const file of sources(join(__dirname, '../../../web/src'))) {
      const code = readFileSync(file, 'utf8');
      for (const m of code.matchAll(/const \{([^}]+)\} = await (?:amplifyAuth\(\)|import\('aws-amplify\/auth'\))/g)) {
        for (const name of m[1]!.split(',')) used.add(name.trim().split(':')[0]!.trim());
      }
    }
    expect(used).toContain('signIn');
    expect(used).toContain('updatePassword');
    for (const fn of used) expect(OPERATIONS_OF[fn], `${fn}: which Cognito operations does it send?`).toBeDefined();
    const needed = new Set([...used].flatMap((fn) => OPERATIONS_OF[fn]!));
    expect([...AMPLIFY_COGNITO_OPERATIONS].sort()).toEqual([...needed].sort());
  });
});
