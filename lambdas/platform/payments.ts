import type Stripe from 'stripe';

/**
 * The payments port: the real `stripe` SDK, pointed at Stripe in AWS and at the local Stripe-compatible server
 * (`local/stripe/server.ts`) when `STRIPE_API_URL` is set, through the SDK's own host, port and protocol
 * options. Every call for a team passes that team's connected account (`stripeAccount`), taken from the team.
 * The SDK is loaded on first use: most calls of a Lambda never touch payments.
 */
let client: Promise<Stripe> | undefined;

export function stripeClient(): Promise<Stripe> {
  client ??= (async () => {
    const secretKey = process.env.STRIPE_SECRET_KEY;
    if (!secretKey) throw new Error('Missing environment variable STRIPE_SECRET_KEY');
    const { default: StripeSdk } = await import('stripe');
    const local = process.env.STRIPE_API_URL ? new URL(process.env.STRIPE_API_URL) : undefined;
    return new StripeSdk(secretKey, {
      maxNetworkRetries: 2,
      ...(local ? { host: local.hostname, port: Number(local.port), protocol: local.protocol.replace(':', '') as 'http' | 'https' } : {}),
    });
  })();
  return client;
}
