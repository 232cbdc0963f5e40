import type Stripe from 'stripe';
import { platformConfig } from './config';
import { recordAwsCall, recordAwsCalls } from './aws-calls';
import { faultyStripeHttpClient } from './faults';

/**
 * The payments port: the real `stripe` SDK, pointed at Stripe in AWS and at the local Stripe-compatible server
 * (`local/stripe/server.ts`) when `STRIPE_API_URL` is set, through the SDK's own host, port and protocol
 * options. Every call for a team passes that team's connected account (`stripeAccount`), taken from the team.
 * The SDK is loaded on first use: most calls of a Lambda never touch payments.
 *
 * Keys: in AWS one Secrets Manager secret (`STRIPE_SECRET_ARN`, created by the data stack, filled by the
 * operator) holds `{ "secretKey": "sk_…", "webhookSecret": "whsec_…" }`; locally `STRIPE_SECRET_KEY` and
 * `STRIPE_WEBHOOK_SECRET` (the local platform registers its webhook endpoint with the stand-in at start).
 */
export interface StripeSecrets {
  secretKey: string;
  /** The Connect endpoint's signing secret (the teams' accounts' events). */
  webhookSecret: string;
  /**
   * The platform account's own endpoint (operator plan billing, lambdas/plans/): Stripe signs an account endpoint
   * and a Connect endpoint with different secrets, even on the same URL. Optional until plans are billed.
   */
  platformWebhookSecret?: string;
}

/** Stripe is not set up (the operator has not filled the secret): callers answer SPEC §8 "payment info not loaded". */
export class PaymentsUnavailableError extends Error {}

let secrets: Promise<StripeSecrets> | undefined;
let client: Promise<Stripe> | undefined;

function stripeSecrets(): Promise<StripeSecrets> {
  const arn = process.env.STRIPE_SECRET_ARN;
  if (platformConfig().mode !== 'aws' || !arn) {
    // The read AWS would do, as evidence for the grants (aws-calls.ts); locally the keys are in the environment.
    if (arn) recordAwsCall('secretsmanager:GetSecretValue', arn);
    // Read each time: the local platform sets the webhook secret after registering its endpoint.
    const secretKey = process.env.STRIPE_SECRET_KEY;
    if (!secretKey) return Promise.reject(new PaymentsUnavailableError('Missing environment variable STRIPE_SECRET_KEY'));
    return Promise.resolve({ secretKey, webhookSecret: process.env.STRIPE_WEBHOOK_SECRET ?? '', platformWebhookSecret: process.env.STRIPE_PLATFORM_WEBHOOK_SECRET || undefined });
  }
  secrets ??= (async (): Promise<StripeSecrets> => {
    const { GetSecretValueCommand, SecretsManagerClient } = await import('@aws-sdk/client-secrets-manager');
    const out = await recordAwsCalls(new SecretsManagerClient({ region: platformConfig().region })).send(new GetSecretValueCommand({ SecretId: arn }));
    const parsed = JSON.parse(out.SecretString ?? '{}') as Partial<StripeSecrets>;
    if (!parsed.secretKey?.startsWith('sk_') || !parsed.webhookSecret?.startsWith('whsec_')) {
      throw new PaymentsUnavailableError('The Stripe secret has no secretKey (sk_…) and webhookSecret (whsec_…) yet');
    }
    const platformWebhookSecret = parsed.platformWebhookSecret?.startsWith('whsec_') ? parsed.platformWebhookSecret : undefined;
    return { secretKey: parsed.secretKey, webhookSecret: parsed.webhookSecret, ...(platformWebhookSecret ? { platformWebhookSecret } : {}) };
  })().catch((e: unknown) => {
    // A secret filled after a failed read is picked up by the next call, not only by a new container.
    secrets = undefined;
    throw e;
  });
  return secrets;
}

export function stripeClient(): Promise<Stripe> {
  client ??= (async () => {
    const { secretKey } = await stripeSecrets();
    const { default: StripeSdk } = await import('stripe');
    const local = process.env.STRIPE_API_URL ? new URL(process.env.STRIPE_API_URL) : undefined;
    return new StripeSdk(secretKey, {
      maxNetworkRetries: 2,
      ...(process.env.PLATFORM_FAULTS_FILE ? { httpClient: faultyStripeHttpClient(StripeSdk.createNodeHttpClient()) } : {}),
      ...(local ? { host: local.hostname, port: Number(local.port), protocol: local.protocol.replace(':', '') as 'http' | 'https' } : {}),
    });
  })().catch((e: unknown) => {
    client = undefined;
    throw e;
  });
  return client;
}

/**
 * The event Stripe signed, or undefined when the signature does not verify (forged, altered, or too old:
 * the SDK's default tolerance of 300 s).
 */
export async function verifyStripeEvent(payload: string, signature: string | undefined): Promise<Stripe.Event | undefined> {
  if (!signature) return undefined;
  const [stripe, { webhookSecret, platformWebhookSecret }] = await Promise.all([stripeClient(), stripeSecrets()]);
  if (!webhookSecret) throw new PaymentsUnavailableError('No webhook secret');
  // The Connect endpoint's secret, then the platform endpoint's: an event verifies with the one that signed it.
  for (const secret of [webhookSecret, ...(platformWebhookSecret ? [platformWebhookSecret] : [])]) {
    try {
      return await stripe.webhooks.constructEventAsync(payload, signature, secret);
    } catch (e) {
      if ((e as { type?: string }).type !== 'StripeSignatureVerificationError') throw e;
    }
  }
  return undefined;
}
