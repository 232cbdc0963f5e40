import { STRIPE_WEBHOOK_PATH } from '../../lambdas/events/stripe-webhook';
import { stripeClient } from '../../lambdas/platform/payments';

/**
 * Points the stand-in's Connect events at this platform's gateway, as an operator registers the endpoint in
 * Stripe's dashboard. Stripe shows a signing secret only when an endpoint is created, so each start replaces
 * the endpoint for this URL and answers its new secret (for STRIPE_WEBHOOK_SECRET).
 */
export async function registerLocalWebhook(baseUrl: string): Promise<string> {
  const stripe = await stripeClient();
  const url = `${baseUrl}${STRIPE_WEBHOOK_PATH}`;
  const existing = await stripe.webhookEndpoints.list({ limit: 100 });
  for (const endpoint of existing.data.filter((e) => e.url === url)) await stripe.webhookEndpoints.del(endpoint.id);
  const created = await stripe.webhookEndpoints.create({ url, enabled_events: ['*'], connect: true, description: 'local platform gateway' });
  if (!created.secret) throw new Error('The local Stripe server answered no webhook secret');
  return created.secret;
}

/**
 * The same for the platform account's own events (operator plan billing): an account endpoint, which Stripe signs
 * with a secret of its own (for STRIPE_PLATFORM_WEBHOOK_SECRET). Registered after `registerLocalWebhook`, which
 * removes every endpoint of the URL first.
 */
export async function registerLocalPlatformWebhook(baseUrl: string): Promise<string> {
  const stripe = await stripeClient();
  const url = `${baseUrl}${STRIPE_WEBHOOK_PATH}`;
  const created = await stripe.webhookEndpoints.create({ url, enabled_events: ['*'], connect: false, description: 'local platform gateway (platform account)' });
  if (!created.secret) throw new Error('The local Stripe server answered no webhook secret');
  return created.secret;
}
