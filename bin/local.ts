/**
 * `npm start`: the whole platform on this machine, offline, at http://localhost:3000 (PORT overrides).
 * Data lives under .local/ (LOCAL_DATA_DIR overrides); Ctrl-C or SIGTERM stops every child process.
 */
// This machine runs Node 20; the SDK's notice about its future Node 22 requirement is noise here.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
import { writeFileSync } from 'node:fs';
import { buildWebIfStale } from '../local/web-build';
import { startPlatform } from '../local/platform';
import { DEMO_TEAM_ID, demoLogins } from '../local/seed';
import { synthAssembly } from '../local/assembly/synth';

const port = Number(process.env.PORT ?? 3000);
const dataDir = process.env.LOCAL_DATA_DIR ?? '.local';
// `npm start -- --assembly`: the functions run from a fresh `cdk synth -o` of the dev stage, as deployed (local/assembly/).
const assemblyMode = process.argv.includes('--assembly') || process.env.LOCAL_ASSEMBLY === '1';
const log = (line: string) => console.log(line);

async function main() {
  await buildWebIfStale(log);
  log(`Starting the local platform (data in ${dataDir}) …`);
  const assembly = assemblyMode ? { dir: synthAssembly(`${dataDir}/assembly`, log), callLog: process.env.AWS_CALL_LOG } : undefined;
  const platform = await startPlatform({ port, dataDir, seed: true, log, assembly });
  // What a test needs to reach the same stand-ins and names (the e2e specs arrange data with the platform's modules).
  writeFileSync(`${dataDir}/platform-env.json`, JSON.stringify(platform.env));
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`\n${signal}: stopping …`);
    await platform.stop();
    log('Stopped.');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  log('');
  log(`  Platform ready: ${platform.baseUrl}`);
  log(`  Admin login    ${platform.baseUrl}/login`);
  log(`    ${demoLogins.admin.email} / ${demoLogins.admin.password}`);
  log(`  Member login   ${platform.baseUrl}/login/${DEMO_TEAM_ID}`);
  log(`    ${demoLogins.member.email} / ${demoLogins.member.password}`);
  log(`  Local IdPs     OIDC issuer ${platform.baseUrl}/local-idp/oidc (client local-oidc-client / local-oidc-secret;`);
  log(`                 Google stand-in local-google-client / local-google-secret), SAML metadata ${platform.baseUrl}/local-idp/saml/metadata`);
  log(`  Health         ${platform.baseUrl}/api/health`);
  log('');
  log('Press Ctrl-C to stop.');
}

main().catch((e: Error) => {
  console.error(`Could not start the platform: ${e.message}`);
  process.exit(1);
});
