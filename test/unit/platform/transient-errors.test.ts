import { ConditionalCheckFailedException, ProvisionedThroughputExceededException, ThrottlingException, TransactionCanceledException, ResourceNotFoundException } from '@aws-sdk/client-dynamodb';
import { S3ServiceException } from '@aws-sdk/client-s3';
import StripeSdk from 'stripe';
import { describe, expect, it } from 'vitest';
import { isTransientFailure } from '../../../lambdas/platform/transient-errors';

const $metadata = { httpStatusCode: 400, attempts: 3 };

describe('isTransientFailure', () => {
  it('is true for throttling, 5xx, timeouts and transactions that met another one', () => {
    expect(isTransientFailure(new ThrottlingException({ message: 'Rate exceeded', $metadata }))).toBe(true);
    expect(isTransientFailure(new ProvisionedThroughputExceededException({ message: 'x', $metadata }))).toBe(true);
    expect(isTransientFailure(new S3ServiceException({ name: 'SlowDown', $fault: 'server', $metadata: { httpStatusCode: 503 } }))).toBe(true);
    expect(isTransientFailure(Object.assign(new Error('socket'), { name: 'TimeoutError' }))).toBe(true);
    expect(
      isTransientFailure(new TransactionCanceledException({ message: 'x', $metadata, CancellationReasons: [{ Code: 'None' }, { Code: 'TransactionConflict' }] })),
    ).toBe(true);
    expect(isTransientFailure(new StripeSdk.errors.StripeAPIError({ message: 'An unknown error occurred', type: 'api_error' }))).toBe(true);
    expect(isTransientFailure(new StripeSdk.errors.StripeRateLimitError({ message: 'Too many requests', type: 'invalid_request_error' }))).toBe(true);
  });

  it('is false for what sending again cannot fix', () => {
    expect(isTransientFailure(new ResourceNotFoundException({ message: 'no table', $metadata }))).toBe(false);
    expect(isTransientFailure(new ConditionalCheckFailedException({ message: 'x', $metadata }))).toBe(false);
    expect(
      isTransientFailure(new TransactionCanceledException({ message: 'x', $metadata, CancellationReasons: [{ Code: 'TransactionConflict' }, { Code: 'ConditionalCheckFailed' }] })),
    ).toBe(false);
    expect(isTransientFailure(new StripeSdk.errors.StripeCardError({ message: 'declined', type: 'card_error' }))).toBe(false);
    expect(isTransientFailure(new Error('a bug'))).toBe(false);
    expect(isTransientFailure('not an error')).toBe(false);
  });
});
