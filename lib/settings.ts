import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Environment } from 'aws-cdk-lib';
import type { Construct } from 'constructs';

/** The repository root: entries, lock file and web/dist are resolved from here, whatever the cwd. */
export const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');

/** Development placeholder: lets `cdk synth` run without a key; its private half was never kept. */
export const devMediaPublicKeyPath = join(repoRoot, 'lib', 'keys', 'media-cookie-dev-public.pem');

/** Everything the stacks read from CDK context, resolved once with defaults. */
export interface PlatformSettings {
  appName: string;
  stage: string;
  isProd: boolean;
  /** `<appName>-<stage>`: prefix of physical names, so stages share an account without clashing. */
  prefix: string;
  env?: Environment;
  mailFromDomain: string;
  mailFrom: string;
  /** Public origin of the SPA (custom domain); unknown until deployed when no domain is given. */
  appOrigin?: string;
  mediaPublicKeyPem: string;
  mediaPublicKeyIsDevDefault: boolean;
  mediaPrivateKeySecretName: string;
  /** Secrets Manager name of the Stripe keys `{ secretKey, webhookSecret }` (created empty, filled by the operator). */
  stripeSecretName: string;
  /**
   * The media distribution's own host name (e.g. media.example.jp) and its ACM certificate (us-east-1).
   * Signed cookies set by the API reach the media host only when both share a parent domain with the app.
   */
  mediaDomainName?: string;
  mediaCertificateArn?: string;
  /** ACM certificate (us-east-1) for appOrigin's host: the web distribution takes that host as its alias. */
  webCertificateArn?: string;
  /** Cognito Plus tier with enforced threat protection (billed per MAU, so opt-in). */
  authThreatProtection: boolean;
  webDistDir: string;
  /** Bulk mail's pace (messages a second): the account's SES maximum send rate; a new production account has 14. */
  mailSendRate: number;
  /** SNS topic the CloudWatch alarms notify (context `alarmTopicArn`); without it the data stack creates `<prefix>-alarms`. */
  alarmTopicArn?: string;
}

const NAME = /^[a-z][a-z0-9-]{0,19}$/;

function str(scope: Construct, key: string): string | undefined {
  const v: unknown = scope.node.tryGetContext(key);
  if (v === undefined || v === null || v === '') return undefined;
  return String(v);
}

function bool(scope: Construct, key: string): boolean {
  const v = str(scope, key);
  return v === 'true' || v === '1';
}

function sendRate(v: string | undefined): number {
  if (v === undefined) return 14;
  const rate = Number(v);
  if (!Number.isFinite(rate) || rate <= 0) throw new Error(`context mailSendRate="${v}" must be a positive number of messages a second`);
  return rate;
}

/** CloudFront takes ACM certificates from us-east-1 only, whichever region the stacks deploy to. */
function cloudFrontCertificate(scope: Construct, key: string): string | undefined {
  const v = str(scope, key);
  if (v && !/^arn:aws[a-z-]*:acm:us-east-1:\d{12}:certificate\/[\w-]+$/.test(v)) {
    throw new Error(`context ${key}="${v}" must be an ACM certificate ARN in us-east-1 (CloudFront reads certificates only there)`);
  }
  return v;
}

function snsTopicArn(v: string | undefined): string | undefined {
  if (v && !/^arn:aws[a-z-]*:sns:[a-z0-9-]+:\d{12}:[\w-]{1,256}$/.test(v)) throw new Error(`context alarmTopicArn="${v}" must be an SNS topic ARN`);
  return v;
}

/** A PEM passed inline (`-----BEGIN…`) or as a path to a file. */
function readPem(value: string): string {
  if (value.includes('-----BEGIN')) return value.replace(/\\n/g, '\n');
  const file = isAbsolute(value) ? value : resolve(process.cwd(), value);
  if (!existsSync(file)) throw new Error(`mediaPublicKeyPem: ${value} is neither a PEM nor a readable file`);
  return readFileSync(file, 'utf8');
}

export function readSettings(scope: Construct): PlatformSettings {
  const appName = str(scope, 'appName') ?? 'mvp';
  const stage = str(scope, 'stage') ?? 'dev';
  // Names end up in bucket names, which allow only lower-case letters, digits and hyphens.
  for (const [k, v] of [['appName', appName], ['stage', stage]] as const) {
    if (!NAME.test(v)) throw new Error(`context ${k}="${v}" must match ${NAME}`);
  }
  const prefix = `${appName}-${stage}`;
  const mailFromDomain = str(scope, 'mailFromDomain') ?? 'example.com';
  const keyContext = str(scope, 'mediaPublicKeyPem');
  const account = process.env.CDK_DEFAULT_ACCOUNT;
  const region = process.env.CDK_DEFAULT_REGION;
  return {
    appName,
    stage,
    isProd: stage === 'prod',
    prefix,
    // Env-agnostic unless the CLI knows the account: synth must work without credentials.
    env: account || region ? { account, region } : undefined,
    mailFromDomain,
    mailFrom: str(scope, 'mailFrom') ?? `no-reply@${mailFromDomain}`,
    appOrigin: str(scope, 'appOrigin')?.replace(/\/$/, ''),
    mediaPublicKeyPem: (keyContext ? readPem(keyContext) : readFileSync(devMediaPublicKeyPath, 'utf8')).trim(),
    mediaPublicKeyIsDevDefault: !keyContext,
    mediaPrivateKeySecretName: str(scope, 'mediaPrivateKeySecretName') ?? `${prefix}/media-cookie-private-key`,
    stripeSecretName: str(scope, 'stripeSecretName') ?? `${prefix}/stripe`,
    mediaDomainName: str(scope, 'mediaDomainName')?.toLowerCase(),
    mediaCertificateArn: cloudFrontCertificate(scope, 'mediaCertificateArn'),
    webCertificateArn: cloudFrontCertificate(scope, 'webCertificateArn'),
    authThreatProtection: bool(scope, 'authThreatProtection'),
    webDistDir: resolve(repoRoot, str(scope, 'webDistDir') ?? 'web/dist'),
    mailSendRate: sendRate(str(scope, 'mailSendRate')),
    alarmTopicArn: snsTopicArn(str(scope, 'alarmTopicArn')),
  };
}
