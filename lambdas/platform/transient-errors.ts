/**
 * Whether a failure of a port is the outside service being busy or briefly down (throttled, a 5xx, a timeout, a
 * transaction that met another one): the request may succeed if it is sent again a little later. The SDKs have
 * already retried such a failure (AWS: 3 attempts; Stripe: the port's `maxNetworkRetries`) before it gets here, so a
 * call answers it as a retryable 503 rather than as our bug. Everything else (a validation error from the service,
 * a missing item, a declined card) is not transient.
 */
const transientAwsNames = new Set([
  'ThrottlingException',
  'Throttling',
  'ProvisionedThroughputExceededException',
  'RequestLimitExceeded',
  'TooManyRequestsException',
  'SlowDown',
  'InternalServerError',
  'InternalError',
  'InternalErrorException',
  'InternalServerException',
  'InternalServerErrorException',
  'ServiceUnavailable',
  'ServiceUnavailableException',
  'TransactionConflictException',
  'TimeoutError',
  'RequestTimeout',
  'RequestTimeoutException',
]);
const transientCancellations = new Set(['TransactionConflict', 'ThrottlingError', 'ProvisionedThroughputExceeded']);
const transientStripeTypes = new Set(['StripeAPIError', 'StripeRateLimitError', 'StripeConnectionError']);

export function isTransientFailure(e: unknown): boolean {
  if (!(e instanceof Error)) return false;
  const error = e as Error & {
    $metadata?: { httpStatusCode?: number };
    CancellationReasons?: { Code?: string }[];
    type?: string;
    code?: string;
  };
  if (transientStripeTypes.has(error.type ?? '')) return true;
  if (error.name === 'TransactionCanceledException') {
    const codes = (error.CancellationReasons ?? []).map((r) => r.Code ?? 'None').filter((c) => c !== 'None');
    return codes.length > 0 && codes.every((c) => transientCancellations.has(c));
  }
  if (transientAwsNames.has(error.name)) return true;
  const status = error.$metadata?.httpStatusCode;
  return status !== undefined && (status === 429 || status >= 500);
}
