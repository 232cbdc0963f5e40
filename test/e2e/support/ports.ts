import { test } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

/** The port of the platform under test (E2E_PORT); its local stand-ins take the next five (SES inbox: +4, Stripe: +5). */
export const basePort = (): number => Number(new URL(test.info().project.use.baseURL!).port);

/**
 * Points the platform's own modules (imported by a spec to arrange data, as the integration tests do) at the stand-ins
 * and names of the platform under test: the environment bin/local.ts wrote into its data folder (the e2e config's
 * LOCAL_DATA_DIR), which in assembly mode names the synthesized stage's table and buckets.
 */
export async function usePlatformEnv(): Promise<void> {
  const file = fileURLToPath(new URL(`../../../.local/e2e-${basePort()}/platform-env.json`, import.meta.url));
  Object.assign(process.env, JSON.parse(await readFile(file, 'utf8')) as Record<string, string>);
}
