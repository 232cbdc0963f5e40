import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startPlatform } from '../../local/platform';

/** Port of the integration platform; its stand-ins take the next four. Kept apart from npm start (3000) and e2e (3100). */
const PORT = Number(process.env.INTEGRATION_PORT ?? 3200);

declare module 'vitest' {
  export interface ProvidedContext {
    platformEnv: Record<string, string>;
    baseUrl: string;
  }
}

/** One real local platform (DynamoDB Local, cognito-local, s3rver, SES, workers) for every integration test file. */
export default async function setup(project: TestProject) {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const dataDir = mkdtempSync(join(tmpdir(), 'platform-it-'));
  const platform = await startPlatform({ port: PORT, dataDir, seed: false, log: (l) => console.log(l) });
  project.provide('platformEnv', platform.env);
  project.provide('baseUrl', `http://127.0.0.1:${PORT}`);
  return async () => {
    await platform.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
