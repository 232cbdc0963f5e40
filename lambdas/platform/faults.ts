import { readFileSync, statSync } from 'node:fs';
import { Readable } from 'node:stream';
import type Stripe from 'stripe';

/**
 * Injected faults (issue 29 point 5): in local and test runs, a share of each port's requests fail with the errors
 * AWS and Stripe really return. They are injected under the SDKs' own retries, as an HTTP answer the SDK parses, so
 * what a port retries and what reaches its caller is what would happen in AWS: the AWS SDK retries throttling, 5xx
 * and timeouts up to its 3 attempts; Stripe's SDK retries 409, 429 with `stripe-should-retry` and 5xx up to the
 * port's `maxNetworkRetries`; a `TransactionCanceledException` is never retried by the SDK and reaches the caller.
 *
 * Off unless PLATFORM_FAULTS_FILE names a JSON file `{ "rate": 0.1, "ports": ["table", …] }` (no `ports`: all of
 * them); the file is read again when it changes, so a test turns faults on and off while the platform runs (every
 * worker and function thread reads the same file). AWS never sets the variable.
 */
export const faultPorts = ['table', 'storage', 'mail', 'identity', 'payments', 'scheduler', 'transcoder'] as const;
export type FaultPort = (typeof faultPorts)[number];

export interface FaultSettings {
  /** The share of requests that fail, 0..1. */
  rate: number;
  ports?: FaultPort[];
}

/** The SDK clients of each port, by the name the AWS SDK gives them (`context.clientName`). */
const portOfClient: Record<string, Exclude<FaultPort, 'payments'>> = {
  DynamoDBClient: 'table',
  S3Client: 'storage',
  SESClient: 'mail',
  CognitoIdentityProviderClient: 'identity',
  SchedulerClient: 'scheduler',
  MediaConvertClient: 'transcoder',
};

let cached: { file: string; mtimeMs: number; checkedAt: number; settings: FaultSettings | undefined } | undefined;
const RECHECK_MS = 200;

function settings(): FaultSettings | undefined {
  const file = process.env.PLATFORM_FAULTS_FILE;
  if (!file) return undefined;
  const now = Date.now();
  if (cached?.file === file && now - cached.checkedAt < RECHECK_MS) return cached.settings;
  let mtimeMs = -1;
  try {
    mtimeMs = statSync(file).mtimeMs;
  } catch {
    // No file: no faults.
  }
  if (cached?.file === file && cached.mtimeMs === mtimeMs) {
    cached.checkedAt = now;
    return cached.settings;
  }
  let read: FaultSettings | undefined;
  if (mtimeMs >= 0) {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as FaultSettings;
    if (!(parsed.rate >= 0 && parsed.rate <= 1)) throw new Error(`PLATFORM_FAULTS_FILE: rate must be within 0..1, got ${parsed.rate}`);
    read = parsed;
  }
  cached = { file, mtimeMs, checkedAt: now, settings: read };
  return read;
}

let random: () => number = Math.random;
/** Tests choose which requests fail. */
export function setFaultRandom(next: (() => number) | undefined): void {
  random = next ?? Math.random;
}

/** Whether this request of `port` fails. */
export function faultDue(port: FaultPort): boolean {
  const s = settings();
  if (!s || s.rate <= 0) return false;
  if (s.ports && !s.ports.includes(port)) return false;
  return random() < s.rate;
}

interface RawAnswer {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
}
const json = (protocol: 'json1.0' | 'json1.1', type: string, message: string, extra: Record<string, unknown> = {}) => ({
  headers: { 'content-type': `application/x-amz-json-${protocol === 'json1.0' ? '1.0' : '1.1'}`, 'x-amzn-requestid': 'fault' },
  body: JSON.stringify({ __type: `com.amazonaws.fault#${type}`, message, ...extra }),
});
const restJson = (type: string, message: string) => ({
  headers: { 'content-type': 'application/json', 'x-amzn-errortype': `${type}:http://internal.amazon.com/coral/fault/`, 'x-amzn-requestid': 'fault' },
  body: JSON.stringify({ message }),
});
const s3Xml = (code: string, message: string) => ({
  headers: { 'content-type': 'application/xml', 'x-amz-request-id': 'fault' },
  body: `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message><RequestId>fault</RequestId></Error>`,
});
const queryXml = (code: string, type: 'Sender' | 'Receiver', message: string) => ({
  headers: { 'content-type': 'text/xml', 'x-amzn-requestid': 'fault' },
  body: `<ErrorResponse><Error><Type>${type}</Type><Code>${code}</Code><Message>${message}</Message></Error><RequestId>fault</RequestId></ErrorResponse>`,
});

/** What each service answers when it is overloaded or failing, as its protocol puts it on the wire. */
const answers: Record<Exclude<FaultPort, 'payments'>, (command: string) => RawAnswer[]> = {
  table: (command) => [
    { statusCode: 400, ...json('json1.0', 'ProvisionedThroughputExceededException', 'The level of configured provisioned throughput for the table was exceeded.') },
    { statusCode: 400, ...json('json1.0', 'ThrottlingException', 'Rate of requests exceeds the allowed throughput.') },
    { statusCode: 500, ...json('json1.0', 'InternalServerError', 'Internal server error') },
    // Another transaction touched one of the items: DynamoDB cancels the whole transaction and the SDK does not retry it.
    ...(command === 'TransactWriteItemsCommand'
      ? [{ statusCode: 400, ...json('json1.0', 'TransactionCanceledException', 'Transaction cancelled, please refer cancellation reasons for specific reasons [TransactionConflict]', { CancellationReasons: [{ Code: 'TransactionConflict', Message: 'Transaction is ongoing for the item' }] }) }]
      : []),
  ],
  storage: () => [
    { statusCode: 503, ...s3Xml('SlowDown', 'Please reduce your request rate.') },
    { statusCode: 500, ...s3Xml('InternalError', 'We encountered an internal error. Please try again.') },
  ],
  mail: () => [
    { statusCode: 400, ...queryXml('Throttling', 'Sender', 'Maximum sending rate exceeded.') },
    { statusCode: 503, ...queryXml('ServiceUnavailable', 'Receiver', 'Service is unavailable. Please try again later.') },
  ],
  identity: () => [
    { statusCode: 400, ...json('json1.1', 'TooManyRequestsException', 'Rate exceeded') },
    { statusCode: 500, ...json('json1.1', 'InternalErrorException', 'Internal error') },
  ],
  scheduler: () => [
    { statusCode: 429, ...restJson('ThrottlingException', 'Rate exceeded') },
    { statusCode: 500, ...restJson('InternalServerException', 'Internal server error') },
  ],
  transcoder: () => [
    { statusCode: 429, ...restJson('TooManyRequestsException', 'Too many requests') },
    { statusCode: 500, ...restJson('InternalServerErrorException', 'Internal server error') },
  ],
};

const pick = <T>(list: T[]): T => list[Math.floor(random() * list.length) % list.length]!;

/** A socket that never answered: the AWS SDK's node handler raises this, and its retry strategy treats it as transient. */
function timeoutError(): Error {
  return Object.assign(new Error('Connection timed out after 1000 ms'), { name: 'TimeoutError' });
}

type MiddlewareClient = {
  middlewareStack: {
    add: (
      mw: (next: (args: { request: unknown }) => Promise<{ response: unknown }>, context: { clientName?: string; commandName?: string }) => (args: { request: unknown }) => Promise<{ response: unknown }>,
      options: { step: 'deserialize'; priority: 'low'; name: string },
    ) => void;
  };
};

/**
 * Lets faults reach a port's AWS SDK client when PLATFORM_FAULTS_FILE is set. The middleware sits under the
 * deserializer (and so under the retry strategy): an injected answer is parsed into the service's own exception and
 * retried, or not, exactly as a real one.
 */
export function injectFaults<C>(client: C): C {
  if (!process.env.PLATFORM_FAULTS_FILE) return client;
  (client as MiddlewareClient).middlewareStack.add(
    (next, context) => async (args) => {
      const port = portOfClient[context.clientName ?? ''];
      if (!port || !faultDue(port)) return next(args);
      const options = answers[port](context.commandName ?? '');
      // One in five faults is a timeout rather than an error answer.
      if (random() < 0.2) throw timeoutError();
      const answer = pick(options);
      return { response: { statusCode: answer.statusCode, reason: 'fault', headers: answer.headers, body: Readable.from([Buffer.from(answer.body)]) } };
    },
    { step: 'deserialize', priority: 'low', name: 'injectFaults' },
  );
  return client;
}

/** Stripe's answers under load or failure (its error object; `stripe-should-retry` as the API sends it). */
const stripeAnswers: RawAnswer[] = [
  {
    statusCode: 500,
    headers: { 'content-type': 'application/json', 'request-id': 'req_fault', 'stripe-should-retry': 'true' },
    body: JSON.stringify({ error: { type: 'api_error', message: 'An unknown error occurred' } }),
  },
  {
    statusCode: 429,
    headers: { 'content-type': 'application/json', 'request-id': 'req_fault', 'stripe-should-retry': 'true' },
    body: JSON.stringify({ error: { type: 'invalid_request_error', code: 'rate_limit', message: 'Too many requests hit the API too quickly.' } }),
  },
];

/** The Stripe SDK's HTTP client, failing a share of requests as Stripe does when PLATFORM_FAULTS_FILE is set. */
export function faultyStripeHttpClient(inner: Stripe.HttpClient): Stripe.HttpClient {
  return {
    getClientName: () => inner.getClientName(),
    makeRequest: async (...args) => {
      if (!faultDue('payments')) return inner.makeRequest(...args);
      const answer = pick(stripeAnswers);
      return {
        getStatusCode: () => answer.statusCode,
        getHeaders: () => answer.headers,
        getRawResponse: () => ({}),
        toStream: (done: () => void) => {
          const stream = Readable.from([Buffer.from(answer.body)]);
          stream.on('end', done);
          return stream;
        },
        toJSON: async () => JSON.parse(answer.body) as unknown,
      };
    },
  };
}

/**
 * A local stand-in that makes no SDK request (the scheduler's and the transcoder's local adapters): its request fails
 * as often as the AWS SDK would let a fault through, i.e. after three attempts failed, with the service's own error
 * (`exhausted` builds it from the port's SDK, which only that port's functions carry).
 */
export async function withLocalFaults<T>(port: 'scheduler' | 'transcoder', work: () => Promise<T>, exhausted: ($metadata: LocalFaultMetadata) => Promise<Error>): Promise<T> {
  if (!process.env.PLATFORM_FAULTS_FILE) return work();
  const attempts = 3;
  for (let attempt = 1; attempt <= attempts; attempt++) if (!faultDue(port)) return work();
  throw await exhausted({ httpStatusCode: 429, attempts, totalRetryDelay: 0 });
}

export interface LocalFaultMetadata {
  httpStatusCode: number;
  attempts: number;
  totalRetryDelay: number;
}
