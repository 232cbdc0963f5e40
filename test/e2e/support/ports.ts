import { test } from '@playwright/test';
import { LOCAL_STRIPE_SECRET_KEY } from '../../../local/stripe/local-key';

/** The port of the platform under test (E2E_PORT); its local stand-ins take the next five (SES inbox: +4, Stripe: +5). */
export const basePort = (): number => Number(new URL(test.info().project.use.baseURL!).port);

/**
 * Points the platform's own modules (imported by a spec to arrange data, as the integration tests do) at
 * the stand-ins of the platform under test.
 */
export async function usePlatformEnv(): Promise<void> {
  const port = basePort();
  const config = (await (await fetch(`http://127.0.0.1:${port}/config.json`)).json()) as { userPoolId: string; userPoolClientId: string };
  Object.assign(process.env, {
    PLATFORM: 'local',
    AWS_REGION: 'ap-northeast-1',
    TABLE_NAME: 'platform',
    USER_POOL_ID: config.userPoolId,
    USER_POOL_CLIENT_ID: config.userPoolClientId,
    AUTH_ISSUER: `http://127.0.0.1:${port + 2}/${config.userPoolId}`,
    APP_ORIGIN: `http://localhost:${port}`,
    DYNAMODB_ENDPOINT: `http://127.0.0.1:${port + 1}`,
    COGNITO_ENDPOINT: `http://127.0.0.1:${port + 2}`,
    S3_ENDPOINT: `http://127.0.0.1:${port + 3}`,
    SES_ENDPOINT: `http://127.0.0.1:${port + 4}`,
    STRIPE_API_URL: `http://127.0.0.1:${port + 5}`,
    STRIPE_SECRET_KEY: LOCAL_STRIPE_SECRET_KEY,
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
  });
}
