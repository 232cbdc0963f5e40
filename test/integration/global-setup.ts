import { appendFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startPlatform } from '../../local/platform';
import { synthAssembly } from '../../local/assembly/synth';
import { integrationAssemblyDir, integrationCallLog } from '../grants/evidence-files';

/** Port of the integration platform; its stand-ins take the next four. Kept apart from npm start (3000) and e2e (3100). */
const PORT = Number(process.env.INTEGRATION_PORT ?? 3200);

declare module 'vitest' {
  export interface ProvidedContext {
    platformEnv: Record<string, string>;
    baseUrl: string;
    /** The functions are the synthesized assembly's bundles (LOCAL_ASSEMBLY=1), not the handlers from source. */
    assemblyMode: boolean;
  }
}

/**
 * One real local platform (DynamoDB Local, cognito-local, s3rver, SES, workers) for every integration test file. With
 * LOCAL_ASSEMBLY=1 (`npm run test:integration -- --assembly`, and in `npm test`) its functions are the bundles of a
 * fresh `cdk synth`, and their AWS requests are kept for the grant-evidence test (test/grants/).
 */
export default async function setup(project: TestProject) {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const dataDir = mkdtempSync(join(tmpdir(), 'platform-it-'));
  const log = (l: string) => console.log(l);
  let assembly: { dir: string; callLog: string } | undefined;
  if (process.env.LOCAL_ASSEMBLY === '1') {
    const dir = resolve(integrationAssemblyDir());
    mkdirSync(dir, { recursive: true });
    assembly = { dir: synthAssembly(dir, log), callLog: resolve(integrationCallLog()) };
    rmSync(assembly.callLog, { force: true });
  }
  const platform = await startPlatform({ port: PORT, dataDir, seed: false, log, assembly });
  if (assembly) {
    // The log's first line: the local ids the assembly's references resolved to, so the grant test resolves them alike.
    const { AWS_REGION: region, USER_POOL_ID: userPoolId, USER_POOL_CLIENT_ID: userPoolClientId } = platform.env;
    appendFileSync(assembly.callLog, `${JSON.stringify({ localResources: { region, userPoolId, userPoolClientId } })}\n`);
  }
  project.provide('platformEnv', platform.env);
  project.provide('baseUrl', `http://127.0.0.1:${PORT}`);
  project.provide('assemblyMode', Boolean(assembly));
  return async () => {
    await platform.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
