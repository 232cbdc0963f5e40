import { resolve } from 'node:path';
import { startEmulators } from './emulators';
import { ensureBuckets, ensureTable, ensureUserPool, LOCAL_BUCKETS, LOCAL_TABLE } from './bootstrap';
import { migrateToListingCore } from './migrate-listing';
import { startGateway } from './gateway';
import { startLocalFederation } from './federation';
import { LOCAL_OIDC_PATH } from './federation/oidc-idp';
import { seedDemo } from './seed';
import { startScheduler } from './scheduler';
import { startFfmpegWorker } from './ffmpeg-worker';
import { LOCAL_STRIPE_SECRET_KEY } from './stripe/local-key';
import { startStripeStandIn } from './stripe/server';
import { registerLocalPlatformWebhook, registerLocalWebhook } from './stripe/webhook-endpoint';

import { handler as mailEvent } from '../lambdas/events/mail-event';
import { reportLocalDeliveriesTo } from '../lambdas/platform/mail/local';

export interface PlatformOptions {
  port: number;
  dataDir: string;
  webDist?: string;
  seed?: boolean;
  log?: (line: string) => void;
}

export interface RunningPlatform {
  baseUrl: string;
  /** The environment the handlers run with (also what tests need to reach the same services). */
  env: Record<string, string>;
  stop(): Promise<void>;
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
    const { addedIndexes } = await ensureTable(endpoints.dynamodb);
    const [{ userPoolId, userPoolClientId }] = await Promise.all([ensureUserPool(endpoints.cognito), ensureBuckets(endpoints.s3)]);
    const stripe = await startStripeStandIn({ port: opts.port + 5, secretKey: LOCAL_STRIPE_SECRET_KEY, stateFile: resolve(opts.dataDir, 'stripe/state.json') });
    stops.push(stripe.stop);
    const baseUrl = `http://localhost:${opts.port}`;
    const env: Record<string, string> = {
      PLATFORM: 'local',
      AWS_REGION: 'ap-northeast-1',
      TABLE_NAME: LOCAL_TABLE,
      USER_POOL_ID: userPoolId,
      USER_POOL_CLIENT_ID: userPoolClientId,
      AUTH_ISSUER: `${endpoints.cognito}/${userPoolId}`,
      UPLOADS_BUCKET: LOCAL_BUCKETS.uploads,
      MEDIA_BUCKET: LOCAL_BUCKETS.media,
      MAIL_FROM: 'no-reply@localhost.example',
      APP_ORIGIN: baseUrl,
      DYNAMODB_ENDPOINT: endpoints.dynamodb,
      COGNITO_ENDPOINT: endpoints.cognito,
      S3_ENDPOINT: endpoints.s3,
      SES_ENDPOINT: endpoints.ses,
      STRIPE_API_URL: stripe.url,
      STRIPE_SECRET_KEY: LOCAL_STRIPE_SECRET_KEY,
      AWS_ACCESS_KEY_ID: 'local',
      AWS_SECRET_ACCESS_KEY: 'local',
      POWERTOOLS_SERVICE_NAME: 'platform-local',
      POWERTOOLS_LOG_LEVEL: process.env.POWERTOOLS_LOG_LEVEL ?? 'WARN',
    };
    // Federated sign-in (issue 15): the providers' registry of the local federation adapter and the stand-ins.
    env.LOCAL_FEDERATION_FILE = resolve(opts.dataDir, 'federation/providers.json');
    env.FEDERATION_BASE_URL = `${baseUrl}/federation`;
    env.GOOGLE_ISSUER = `${baseUrl}${LOCAL_OIDC_PATH}`;
    // Handlers read their configuration from the environment, exactly as in Lambda.
    Object.assign(process.env, env);
    env.STRIPE_WEBHOOK_SECRET = process.env.STRIPE_WEBHOOK_SECRET = await registerLocalWebhook(baseUrl);
    env.STRIPE_PLATFORM_WEBHOOK_SECRET = process.env.STRIPE_PLATFORM_WEBHOOK_SECRET = await registerLocalPlatformWebhook(baseUrl);
    // aws-ses-v2-local publishes no events: the local mail adapter reports delivery to the handler AWS's rule invokes.
    reportLocalDeliveriesTo((event) => mailEvent(event as Parameters<typeof mailEvent>[0]));
    if (addedIndexes.includes('gsi3')) await migrateToListingCore(endpoints.dynamodb, LOCAL_TABLE, env.AWS_REGION, log);
    if (opts.seed) await seedDemo();
    const scheduler = startScheduler();
    stops.push(() => scheduler.stop());
    const worker = startFfmpegWorker();
    stops.push(() => worker.stop());
    const gateway = await startGateway({
      port: opts.port,
      webDist: resolve(opts.webDist ?? 'web/dist'),
      cognitoEndpoint: endpoints.cognito,
      webConfig: { region: env.AWS_REGION, userPoolId, userPoolClientId, userPoolEndpoint: '/cognito', apiBase: '/api' },
      federation: startLocalFederation({ baseUrl, cognitoEndpoint: endpoints.cognito, userPoolId, userPoolClientId, registryFile: env.LOCAL_FEDERATION_FILE }).handle,
      log,
      scheduler,
    });
    stops.push(gateway.close);
    return { baseUrl, env, stop };
  } catch (e) {
    await stop();
    throw e;
  }
}
