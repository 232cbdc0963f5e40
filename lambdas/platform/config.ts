/**
 * The one place that reads the environment and chooses between the AWS adapters and the local ones.
 * In AWS the CDK api stack sets these variables; locally bin/local.ts sets them before any handler runs.
 */
export interface PlatformConfig {
  mode: 'aws' | 'local';
  region: string;
  tableName: string;
  userPoolId: string;
  userPoolClientId: string;
  /** JWT issuer: Cognito's in AWS, cognito-local's here. */
  authIssuer: string;
  buckets: { uploads: string; media: string };
  mailFrom: string;
  mailConfigurationSet?: string;
  /**
   * Bulk mail's pace, messages a second (`MAIL_SEND_RATE`): the account's SES sending rate in AWS (a new
   * production account has 14); 0 locally, where the stand-in has no quota.
   */
  mailSendRate: number;
  /** Endpoints of the local stand-ins (unset in AWS). */
  endpoints: { dynamodb?: string; cognito?: string; s3?: string; ses?: string };
  /** Public origin of the web app, for links in mail. */
  appOrigin: string;
  scheduler: { groupName?: string; roleArn?: string; targetArn?: string };
  /**
   * Federated sign-in (issue 15): the managed login's base URL (`FEDERATION_BASE_URL`: Cognito's user pool domain in
   * AWS, the local stand-in `<appOrigin>/federation` here) and the issuer used for Google (`GOOGLE_ISSUER`; locally
   * the local OIDC provider).
   */
  federationBaseUrl: string;
  googleIssuer: string;
  mediaConvert: { roleArn?: string; endpoint?: string; queueArn?: string };
}

let cached: PlatformConfig | undefined;

const required = (name: string): string => {
  const v = process.env[name];
  if (!v) throw new Error(`Missing environment variable ${name}`);
  return v;
};

export function platformConfig(): PlatformConfig {
  if (cached) return cached;
  const mode = process.env.PLATFORM === 'local' ? 'local' : 'aws';
  const region = process.env.AWS_REGION ?? 'ap-northeast-1';
  const userPoolId = required('USER_POOL_ID');
  cached = {
    mode,
    region,
    tableName: required('TABLE_NAME'),
    userPoolId,
    userPoolClientId: required('USER_POOL_CLIENT_ID'),
    authIssuer: process.env.AUTH_ISSUER ?? `https://cognito-idp.${region}.amazonaws.com/${userPoolId}`,
    buckets: { uploads: process.env.UPLOADS_BUCKET ?? '', media: process.env.MEDIA_BUCKET ?? '' },
    mailFrom: process.env.MAIL_FROM ?? 'no-reply@example.com',
    mailConfigurationSet: process.env.MAIL_CONFIGURATION_SET || undefined,
    mailSendRate: Number(process.env.MAIL_SEND_RATE ?? (mode === 'local' ? 0 : 14)) || 0,
    endpoints:
      mode === 'local'
        ? {
            dynamodb: required('DYNAMODB_ENDPOINT'),
            cognito: required('COGNITO_ENDPOINT'),
            s3: required('S3_ENDPOINT'),
            ses: required('SES_ENDPOINT'),
          }
        : {},
    appOrigin: process.env.APP_ORIGIN ?? 'http://localhost:3000',
    federationBaseUrl: process.env.FEDERATION_BASE_URL ?? `${process.env.APP_ORIGIN ?? 'http://localhost:3000'}/federation`,
    googleIssuer: process.env.GOOGLE_ISSUER ?? 'https://accounts.google.com',
    scheduler: {
      groupName: process.env.SCHEDULER_GROUP,
      roleArn: process.env.SCHEDULER_ROLE_ARN,
      targetArn: process.env.SCHEDULER_TARGET_ARN,
    },
    mediaConvert: {
      roleArn: process.env.MEDIACONVERT_ROLE_ARN,
      endpoint: process.env.MEDIACONVERT_ENDPOINT,
      queueArn: process.env.MEDIACONVERT_QUEUE_ARN,
    },
  };
  return cached;
}

/** Local credentials for the stand-ins, which accept any. */
export const localCredentials = { accessKeyId: 'local', secretAccessKey: 'local' };
/** s3rver accepts only its own fixed key pair. */
export const localS3Credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/** Client options for an AWS SDK client: the real service in AWS, the stand-in locally. */
export function clientOptions(service: keyof PlatformConfig['endpoints']) {
  const c = platformConfig();
  return c.mode === 'local'
    ? {
        region: c.region,
        endpoint: c.endpoints[service],
        credentials: service === 's3' ? localS3Credentials : localCredentials,
      }
    : { region: c.region };
}
