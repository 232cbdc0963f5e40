import { tableHealth } from '../lambdas/platform/db';
import { identityHealth } from '../lambdas/platform/identity';
import { mailHealth } from '../lambdas/platform/mail';
import { stripeClient } from '../lambdas/platform/payments';
import { headBucket } from '../lambdas/platform/storage';

export type HealthCheck = () => Promise<void>;

/** Each local service checked for real; the answer names the ones that are down. */
export const healthChecks: Record<string, HealthCheck> = {
  dynamodb: tableHealth,
  cognito: identityHealth,
  s3: async () => {
    await Promise.all([headBucket('uploads'), headBucket('media')]);
  },
  mail: mailHealth,
  stripe: async () => {
    await (await stripeClient()).accounts.list({ limit: 1 });
  },
};

export async function checkHealth(
  checks: Record<string, HealthCheck> = healthChecks,
  timeoutMs = 3000,
): Promise<{ status: 'ok' | 'error'; services: Record<string, 'up' | 'down'> }> {
  const names = Object.keys(checks);
  const results = await Promise.all(
    names.map(async (name) => {
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          checks[name](),
          new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('timeout')), timeoutMs))),
        ]);
        return 'up' as const;
      } catch {
        return 'down' as const;
      } finally {
        clearTimeout(timer);
      }
    }),
  );
  const services = Object.fromEntries(names.map((n, i) => [n, results[i]]));
  return { status: results.every((r) => r === 'up') ? 'ok' : 'error', services };
}
