import { Logger } from '@aws-lambda-powertools/logger';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { processStripeEvent } from '../payments/webhook';
import { applyPlatformEvent } from '../plans/plan-webhook';
import { API_SECURITY_HEADERS } from '../../shared/security-headers';
import { PaymentsUnavailableError, verifyStripeEvent } from '../platform/payments';

/**
 * `POST /api/webhooks/stripe`: Stripe's Connect events (one endpoint for every team's account). The body is
 * verified with the webhook secret before anything is read; an unsigned, forged or replayed-too-late request
 * changes nothing and gets 400. A failure answers 500 so that Stripe retries; the event is recorded as
 * processed only after its work (lambdas/payments/webhook.ts).
 */
/** The one webhook URL path, on AWS (the API stack's route) and locally (the gateway). */
export const STRIPE_WEBHOOK_PATH = '/api/webhooks/stripe';

const logger = new Logger({ serviceName: 'stripe-webhook' });

/** Stripe's events are small (tens of KB); anything far larger is not Stripe. */
const MAX_BODY_BYTES = 512 * 1024;

const answer = (statusCode: number, body: unknown): APIGatewayProxyStructuredResultV2 => ({
  statusCode,
  headers: { 'content-type': 'application/json', ...API_SECURITY_HEADERS },
  body: JSON.stringify(body),
});

export async function handler(event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> {
  const payload = event.isBase64Encoded ? Buffer.from(event.body ?? '', 'base64').toString('utf8') : (event.body ?? '');
  if (Buffer.byteLength(payload) > MAX_BODY_BYTES) return answer(413, { error: { code: 'common/payload_too_large' } });
  try {
    const verified = await verifyStripeEvent(payload, event.headers['stripe-signature']);
    if (!verified) {
      logger.warn('stripe webhook refused: signature does not verify', { sourceIp: event.requestContext?.http?.sourceIp });
      return answer(400, { error: { code: 'common/invalid_input' } });
    }
    const outcome = await processStripeEvent(verified, applyPlatformEvent);
    logger.info('stripe webhook', { eventId: verified.id, type: verified.type, account: verified.account, outcome });
    return answer(200, { received: true, outcome });
  } catch (e) {
    if (e instanceof PaymentsUnavailableError) {
      logger.error('stripe webhook: Stripe is not configured', { error: (e as Error).message });
      return answer(503, { error: { code: 'payment/info_not_loaded' } });
    }
    logger.error('stripe webhook failed', { error: e as Error });
    return answer(500, { error: { code: 'common/unknown' } });
  }
}
