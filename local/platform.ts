import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { startEmulators } from './emulators';
import { ensureBuckets, ensureTable, ensureUserPool, LOCAL_BUCKETS, LOCAL_TABLE } from './bootstrap';
import { addListRowSortIndexes, migrateToListingCore } from './migrate-listing';
import { startGateway } from './gateway';
import { startLocalFederation } from './federation';
import { LOCAL_OIDC_PATH } from './federation/oidc-idp';
import { seedDemo } from './seed';
import { startScheduler } from './scheduler';
import { startFfmpegWorker } from './ffmpeg-worker';
import { LOCAL_STRIPE_SECRET_KEY } from './stripe/local-key';
import { startStripeStandIn } from './stripe/server';
import { registerLocalPlatformWebhook, registerLocalWebhook } from './stripe/webhook-endpoint';

import { reportLocalDeliveriesTo } from '../lambdas/platform/mail/local';
import { readCloudAssembly, type CloudAssembly } from './assembly/cloud-assembly';
import { assemblyFunctions } from './assembly/assembly-functions';
import { sourceFunctions, type LocalFunctions } from './functions';
import { LOCAL_COGNITO_FRONT_PATH, LOCAL_EVENT_BUS_PATH } from './gateway';
import { startTableStream } from './table-stream';

export interface PlatformOptions {
  port: number;
  dataDir: string;
  webDist?: string;
  seed?: boolean;
  log?: (line: string) => void;
  /**
   * Assembly mode: a synthesized cloud assembly (`cdk synth -o <dir>`, local/assembly/synth.ts) whose function bundles
   * serve every call and event, with the names, routes and wiring of its templates, instead of the handlers from source.
   */
  assembly?: { dir: string; /** Where each hosted function's AWS requests are logged as grant evidence (aws-calls.ts). */ callLog?: string };
}

export interface RunningPlatform {
  baseUrl: string;
  /** The environment the handlers run with (also what tests need to reach the same services). */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/** Names the functions' environment gives the stand-ins: in assembly mode they are the synthesized stage's. */
const NAMED_BY_ASSEMBLY = ['TABLE_NAME', 'UPLOADS_BUCKET', 'MEDIA_BUCKET', 'MAIL_FROM', 'MAIL_CONFIGURATION_SET', 'SCHEDULER_GROUP', 'SCHEDULER_ROLE_ARN', 'SCHEDULER_TARGET_ARN', 'MEDIACONVERT_ROLE_ARN', 'MEDIACONVERT_QUEUE_ARN'];

/** The stage-wide values every function of the assembly agrees on (a variable two functions set differently fails the start). */
function assemblyNames(assembly: CloudAssembly): Record<string, string> {
  const names: Record<string, string> = {};
  for (const fn of assembly.functions) {
    for (const key of NAMED_BY_ASSEMBLY) {
      const value = fn.environment[key];
      if (value === undefined) continue;
      if (names[key] !== undefined && names[key] !== value) throw new Error(`Functions of the assembly disagree on ${key}: ${names[key]} and ${value}`);
      names[key] = value;
    }
  }
  for (const key of ['TABLE_NAME', 'UPLOADS_BUCKET', 'MEDIA_BUCKET']) if (!names[key]) throw new Error(`No function of the assembly sets ${key}`);
  return names;
}

/** The embedded default: every stand-in, the gateway and the workers, on loopback ports next to `port`. */
export async function startPlatform(opts: PlatformOptions): Promise<RunningPlatform> {
  const log = opts.log ?? ((l: string) => console.log(l));
  const emulators = await startEmulators(
    opts.dataDir,
    { dynamodb: opts.port + 1, cognito: opts.port + 2, s3: opts.port + 3, ses: opts.port + 4 },
    log,
  );
  const stops: (() => Promise<void>)[] = [emulators.stop];
  const stop = async () => {
    for (const s of stops.reverse()) await s().catch((e: Error) => log(`stop failed: ${e.message}`));
  };
  try {
    const { endpoints } = emulators;
    const region = 'ap-northeast-1';
    const { userPoolId, userPoolClientId } = await ensureUserPool(endpoints.cognito);
    const assembly = opts.assembly ? readCloudAssembly(opts.assembly.dir, { region, userPoolId, userPoolClientId }) : undefined;
    const names: Record<string, string> = assembly
      ? assemblyNames(assembly)
      : { TABLE_NAME: LOCAL_TABLE, UPLOADS_BUCKET: LOCAL_BUCKETS.uploads, MEDIA_BUCKET: LOCAL_BUCKETS.media, MAIL_FROM: 'no-reply@localhost.example' };
    const { addedIndexes, created } = await ensureTable(endpoints.dynamodb, names.TABLE_NAME);
    await ensureBuckets(endpoints.s3, [names.UPLOADS_BUCKET!, names.MEDIA_BUCKET!]);
    const stripe = await startStripeStandIn({ port: opts.port + 5, secretKey: LOCAL_STRIPE_SECRET_KEY, stateFile: resolve(opts.dataDir, 'stripe/state.json') });
    stops.push(stripe.stop);
    const baseUrl = `http://localhost:${opts.port}`;
    /**
     * The values that point at AWS itself, replaced by the stand-ins'. In assembly mode these are the only changes to
     * the templates' environment (each is listed in docs/decisions/20-assembly-mode-and-grant-evidence.md).
     */
    const overrides: Record<string, string> = {
      PLATFORM: 'local',
      AWS_REGION: region,
      USER_POOL_ID: userPoolId,
      USER_POOL_CLIENT_ID: userPoolClientId,
      AUTH_ISSUER: `${endpoints.cognito}/${userPoolId}`,
      APP_ORIGIN: baseUrl,
      DYNAMODB_ENDPOINT: endpoints.dynamodb,
      COGNITO_ENDPOINT: endpoints.cognito,
      S3_ENDPOINT: endpoints.s3,
      SES_ENDPOINT: endpoints.ses,
      STRIPE_API_URL: stripe.url,
      STRIPE_SECRET_KEY: LOCAL_STRIPE_SECRET_KEY,
      AWS_ACCESS_KEY_ID: 'local',
      AWS_SECRET_ACCESS_KEY: 'local',
      POWERTOOLS_LOG_LEVEL: process.env.POWERTOOLS_LOG_LEVEL ?? 'WARN',
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      // The local stand-in has no sending quota.
      MAIL_SEND_RATE: '0',
      // Injected faults (lambdas/platform/faults.ts): the functions read the same file as the platform.
      ...(process.env.PLATFORM_FAULTS_FILE ? { PLATFORM_FAULTS_FILE: process.env.PLATFORM_FAULTS_FILE } : {}),
      // One secret for the local media grants, shared by the functions that sign and the gateway that checks.
      MEDIA_COOKIE_SECRET: process.env.MEDIA_COOKIE_SECRET ?? randomBytes(32).toString('base64url'),
      // Federated sign-in (issue 15): the providers' registry of the local federation adapter and the stand-ins.
      LOCAL_FEDERATION_FILE: resolve(opts.dataDir, 'federation/providers.json'),
      FEDERATION_BASE_URL: `${baseUrl}/federation`,
      GOOGLE_ISSUER: `${baseUrl}${LOCAL_OIDC_PATH}`,
      // Where a function's local mail adapter reports deliveries, and the Cognito API the sign-in proxy forwards to.
      LOCAL_EVENT_BUS_URL: `${baseUrl}${LOCAL_EVENT_BUS_PATH}`,
      COGNITO_PROXY_UPSTREAM: `${baseUrl}${LOCAL_COGNITO_FRONT_PATH}/`,
    };
    const env: Record<string, string> = { ...names, ...overrides, POWERTOOLS_SERVICE_NAME: 'platform-local' };
    // Handlers read their configuration from the environment, exactly as in Lambda.
    Object.assign(process.env, env);
    overrides.STRIPE_WEBHOOK_SECRET = env.STRIPE_WEBHOOK_SECRET = process.env.STRIPE_WEBHOOK_SECRET = await registerLocalWebhook(baseUrl);
    overrides.STRIPE_PLATFORM_WEBHOOK_SECRET = env.STRIPE_PLATFORM_WEBHOOK_SECRET = process.env.STRIPE_PLATFORM_WEBHOOK_SECRET =
      await registerLocalPlatformWebhook(baseUrl);
    const functions: LocalFunctions = assembly
      ? assemblyFunctions(assembly, { overrides, region, callLog: opts.assembly?.callLog })
      : sourceFunctions;
    stops.push(() => functions.stop());
    // aws-ses-v2-local publishes no events: the local mail adapter reports delivery to what AWS's rule invokes.
    reportLocalDeliveriesTo((event) => functions.publish(event));
    for (const m of assembly?.streamMappings ?? []) {
      if (m.tableName !== names.TABLE_NAME) throw new Error(`${m.stack}/${m.logicalId} reads the stream of ${m.tableName}, not the platform's table ${names.TABLE_NAME}`);
    }
    // The domains' reactions to the table's stream, started before anything is written (the seed's events too).
    const tableStream = await startTableStream({
      endpoint: endpoints.dynamodb,
      region,
      tableName: names.TABLE_NAME!,
      consumers: functions.tableStreamConsumers(),
      deadLetterFile: resolve(opts.dataDir, 'table-stream/dead-letters.jsonl'),
      log,
    });
    stops.push(() => tableStream.stop());
    if (addedIndexes.includes('gsi3')) await migrateToListingCore(endpoints.dynamodb, names.TABLE_NAME!, region, log);
    await addListRowSortIndexes(endpoints.dynamodb, names.TABLE_NAME!, region, created, log);
    if (opts.seed) await seedDemo();
    const scheduler = startScheduler({ run: (input) => functions.runSchedule(input) });
    stops.push(() => scheduler.stop());
    const worker = startFfmpegWorker({ publish: (event) => functions.publish(event) });
    stops.push(() => worker.stop());
    const gateway = await startGateway({
      port: opts.port,
      webDist: resolve(opts.webDist ?? 'web/dist'),
      cognitoEndpoint: endpoints.cognito,
      webConfig: { region, userPoolId, userPoolClientId, userPoolEndpoint: '/cognito', apiBase: '/api' },
      federation: startLocalFederation({ baseUrl, cognitoEndpoint: endpoints.cognito, userPoolId, userPoolClientId, registryFile: env.LOCAL_FEDERATION_FILE! }).handle,
      log,
      scheduler,
      functions: assembly ? functions : undefined,
      publish: (event) => functions.publish(event),
      tableStreamSettled: () => tableStream.settled(),
    });
    stops.push(gateway.close);
    if (assembly) log(`Assembly mode: ${assembly.functions.length} functions, ${assembly.routes.length} routes and ${assembly.rules.length} rules from ${assembly.dir}`);
    return { baseUrl, env, stop };
  } catch (e) {
    await stop();
    throw e;
  }
}
