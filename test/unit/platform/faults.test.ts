import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { DynamoDBClient, GetItemCommand, ThrottlingException, TransactionCanceledException, TransactWriteItemsCommand } from '@aws-sdk/client-dynamodb';
import { GetObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { SESClient, SendEmailCommand, SESServiceException } from '@aws-sdk/client-ses';
import { CognitoIdentityProviderClient, GetUserCommand, TooManyRequestsException } from '@aws-sdk/client-cognito-identity-provider';
import { CreateScheduleCommand, SchedulerClient, ThrottlingException as SchedulerThrottling } from '@aws-sdk/client-scheduler';
import StripeSdk from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { faultyStripeHttpClient, injectFaults, setFaultRandom, withLocalFaults, type FaultSettings, type LocalFaultMetadata } from '../../../lambdas/platform/faults';

/**
 * Issue 29 point 5: faults are injected under the SDKs' retries as the services' own answers, so the SDK parses them
 * into the real exception classes and retries them (or not) as it would in AWS. No network: the clients' HTTP
 * handler below answers what the service would when it is healthy.
 */
const dir = mkdtempSync(join(tmpdir(), 'faults-'));
const file = join(dir, 'faults.json');
let handled = 0;

function turn(settings: FaultSettings | undefined) {
  if (settings) writeFileSync(file, JSON.stringify(settings));
  else rmSync(file, { force: true });
  // The file is read again when it changes; a new mtime within the same millisecond is not guaranteed, so wait past the recheck.
  return new Promise((r) => setTimeout(r, 250));
}

/** Makes the next `n` fault decisions say "fail" (and the choice of answer take `choice`), then "pass". */
function failNext(n: number, choice = 0.5) {
  let left = n;
  setFaultRandom(() => {
    if (left > 0) {
      left--;
      // Every fault decision consumes one draw, and the answer picked two more (timeout or not, which answer).
      return 0;
    }
    return choice;
  });
}

const healthy = (body: string, contentType = 'application/x-amz-json-1.0') => ({
  handle: async () => {
    handled++;
    return { response: { statusCode: 200, headers: { 'content-type': contentType }, body: Readable.from([Buffer.from(body)]) } };
  },
});
const fast = { retryStrategy: undefined, region: 'ap-northeast-1', credentials: { accessKeyId: 'a', secretAccessKey: 'b' } };

beforeAll(() => {
  process.env.PLATFORM_FAULTS_FILE = file;
});
afterEach(async () => {
  setFaultRandom(undefined);
  handled = 0;
  await turn(undefined);
});
afterAll(() => {
  delete process.env.PLATFORM_FAULTS_FILE;
  rmSync(dir, { recursive: true, force: true });
});

describe('AWS SDK clients', () => {
  const dynamo = () => injectFaults(new DynamoDBClient({ ...fast, endpoint: 'http://db.invalid', requestHandler: healthy('{"Item":{"pk":{"S":"a"}}}') }));

  it('a throttled request is retried by the SDK and succeeds', async () => {
    await turn({ rate: 0.1, ports: ['table'] });
    // Fail the first attempt (the decision, then "not a timeout" by a draw >= 0.2, then the first answer).
    let draws = 0;
    setFaultRandom(() => [0, 0.5, 0][draws++] ?? 0.99);
    const out = await dynamo().send(new GetItemCommand({ TableName: 't', Key: { pk: { S: 'a' } } }));
    expect(out.Item).toEqual({ pk: { S: 'a' } });
    expect(out.$metadata.attempts).toBe(2);
    expect(handled).toBe(1);
  });

  it('when every attempt is throttled, the caller gets the service exception after the SDK gave up', async () => {
    await turn({ rate: 1, ports: ['table'] });
    setFaultRandom(() => 0.5);
    const error = await dynamo()
      .send(new GetItemCommand({ TableName: 't', Key: { pk: { S: 'a' } } }))
      .catch((e: unknown) => e);
    // 0.5 picks the second of the table's answers for a GetItem: ThrottlingException.
    expect(error).toBeInstanceOf(ThrottlingException);
    const client = dynamo();
    expect((error as ThrottlingException).$metadata.attempts).toBe(await client.config.maxAttempts());
    expect(handled).toBe(0);
    // The SDK's own backoff between attempts (throttling waits longer) is part of what is tested.
  }, 30_000);

  it('a transaction cancelled by a conflict reaches the caller at once, with its reasons', async () => {
    await turn({ rate: 1, ports: ['table'] });
    // The last of a transaction's four answers is the cancellation.
    setFaultRandom(() => 0.9);
    const error = await dynamo()
      .send(new TransactWriteItemsCommand({ TransactItems: [{ Put: { TableName: 't', Item: { pk: { S: 'a' } } } }] }))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransactionCanceledException);
    expect((error as TransactionCanceledException).CancellationReasons).toEqual([{ Code: 'TransactionConflict', Message: 'Transaction is ongoing for the item' }]);
    expect((error as TransactionCanceledException).$metadata.attempts).toBe(1);
  });

  it('a timeout is retried as transient', async () => {
    await turn({ rate: 1, ports: ['table'] });
    failNext(0, 0.1);
    const error = await dynamo()
      .send(new GetItemCommand({ TableName: 't', Key: { pk: { S: 'a' } } }))
      .catch((e: unknown) => e);
    expect((error as Error).name).toBe('TimeoutError');
    expect(handled).toBe(0);
  });

  it('only the ports named fail, and nothing fails once the file is gone', async () => {
    await turn({ rate: 1, ports: ['storage'] });
    setFaultRandom(() => 0.5);
    await expect(dynamo().send(new GetItemCommand({ TableName: 't', Key: { pk: { S: 'a' } } }))).resolves.toMatchObject({ Item: { pk: { S: 'a' } } });
    await turn(undefined);
    await expect(dynamo().send(new GetItemCommand({ TableName: 't', Key: { pk: { S: 'a' } } }))).resolves.toMatchObject({ Item: { pk: { S: 'a' } } });
  });

  it('S3, SES, Cognito and Scheduler fail with their own errors', async () => {
    await turn({ rate: 1 });
    setFaultRandom(() => 0.3);
    const s3 = injectFaults(new S3Client({ ...fast, endpoint: 'http://s3.invalid', forcePathStyle: true, requestHandler: healthy('', 'application/octet-stream') }));
    const s3Error = await s3.send(new GetObjectCommand({ Bucket: 'b', Key: 'k' })).catch((e: unknown) => e);
    expect(s3Error).toBeInstanceOf(S3ServiceException);
    expect((s3Error as S3ServiceException).name).toBe('SlowDown');
    expect((s3Error as S3ServiceException).$metadata).toMatchObject({ httpStatusCode: 503, attempts: 3 });

    const ses = injectFaults(new SESClient({ ...fast, endpoint: 'http://ses.invalid', requestHandler: healthy('', 'text/xml') }));
    const sesError = await ses
      .send(new SendEmailCommand({ Source: 'a@example.com', Destination: { ToAddresses: ['b@example.com'] }, Message: { Subject: { Data: 's' }, Body: { Text: { Data: 't' } } } }))
      .catch((e: unknown) => e);
    expect(sesError).toBeInstanceOf(SESServiceException);
    expect((sesError as SESServiceException).name).toBe('Throttling');
    expect((sesError as SESServiceException).$metadata.attempts).toBe(3);

    const cognito = injectFaults(new CognitoIdentityProviderClient({ ...fast, endpoint: 'http://cognito.invalid', requestHandler: healthy('{}', 'application/x-amz-json-1.1') }));
    const cognitoError = await cognito.send(new GetUserCommand({ AccessToken: 'x' })).catch((e: unknown) => e);
    expect(cognitoError).toBeInstanceOf(TooManyRequestsException);

    const scheduler = injectFaults(new SchedulerClient({ ...fast, endpoint: 'http://scheduler.invalid', requestHandler: healthy('{}', 'application/json') }));
    const schedulerError = await scheduler
      .send(new CreateScheduleCommand({ Name: 'n', ScheduleExpression: 'at(2030-01-01T00:00:00)', FlexibleTimeWindow: { Mode: 'OFF' }, Target: { Arn: 'arn:aws:lambda:x', RoleArn: 'arn:aws:iam::1:role/r' } }))
      .catch((e: unknown) => e);
    expect(schedulerError).toBeInstanceOf(SchedulerThrottling);
    expect(handled).toBe(0);
  }, 60_000);
});

describe('Stripe', () => {
  const answers: string[] = [];
  const inner = {
    getClientName: () => 'test',
    makeRequest: async () => {
      answers.push('real');
      const body = JSON.stringify({ id: 'cus_1', object: 'customer' });
      return {
        getStatusCode: () => 200,
        getHeaders: () => ({ 'request-id': 'req_1' }),
        getRawResponse: () => ({}),
        toStream: (done: () => void) => {
          const s = Readable.from([Buffer.from(body)]);
          s.on('end', done);
          return s;
        },
        toJSON: async () => JSON.parse(body) as unknown,
      };
    },
  };
  const stripe = () => new StripeSdk('sk_test_x', { maxNetworkRetries: 2, httpClient: faultyStripeHttpClient(inner) });

  it("an api_error is retried by Stripe's SDK and the request succeeds", async () => {
    await turn({ rate: 0.5, ports: ['payments'] });
    let draws = 0;
    setFaultRandom(() => [0, 0][draws++] ?? 0.99);
    answers.length = 0;
    await expect(stripe().customers.retrieve('cus_1')).resolves.toMatchObject({ id: 'cus_1' });
    expect(answers).toEqual(['real']);
  }, 20_000);

  it("when every attempt fails, Stripe's own error types reach the caller", async () => {
    await turn({ rate: 1, ports: ['payments'] });
    setFaultRandom(() => 0);
    const apiError = await stripe()
      .customers.retrieve('cus_1')
      .catch((e: unknown) => e);
    expect(apiError).toBeInstanceOf(StripeSdk.errors.StripeAPIError);
    setFaultRandom(() => 0.9);
    const rateLimit = await stripe()
      .customers.retrieve('cus_1')
      .catch((e: unknown) => e);
    expect(rateLimit).toBeInstanceOf(StripeSdk.errors.StripeRateLimitError);
  }, 20_000);
});

describe('local stand-ins without an SDK request', () => {
  it('fail only when three attempts in a row fail, with the service exception', async () => {
    await turn({ rate: 1, ports: ['scheduler'] });
    setFaultRandom(() => 0);
    const exhausted = async ($metadata: LocalFaultMetadata) => new SchedulerThrottling({ message: 'Rate exceeded', Message: 'Rate exceeded', $metadata });
    await expect(withLocalFaults('scheduler', async () => 'done', exhausted)).rejects.toBeInstanceOf(SchedulerThrottling);
    await turn({ rate: 0.5, ports: ['scheduler'] });
    let draws = 0;
    setFaultRandom(() => [0, 0][draws++] ?? 0.99);
    await expect(withLocalFaults('scheduler', async () => 'done', exhausted)).resolves.toBe('done');
  });
});
