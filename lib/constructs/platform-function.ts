import { join } from 'node:path';
import { AssetHashType, DockerImage, Duration } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Construct } from 'constructs';
import { buildSync } from 'esbuild';
import { arns, type PlatformNames } from '../names';
import { repoRoot } from '../settings';
import { acknowledge, acknowledgeWildcardResource } from './nag';
import { MEDIACONVERT_COMMANDS } from '../../lambdas/platform/transcoder/mediaconvert-commands';
import { FEDERATION_COMMANDS } from '../../lambdas/platform/federation/cognito-commands';
import { lambdaBuildOptions, pruneUnreachableChunks } from './lambda-bundling';

/** The variables lambdas/platform/config.ts reads (plus the media cookie settings), set on every function. */
export interface PlatformEnvironment {
  TABLE_NAME: string;
  USER_POOL_ID: string;
  USER_POOL_CLIENT_ID: string;
  UPLOADS_BUCKET: string;
  MEDIA_BUCKET: string;
  MAIL_FROM: string;
  MAIL_CONFIGURATION_SET: string;
  MAIL_SEND_RATE: string;
  APP_ORIGIN: string;
  SCHEDULER_GROUP: string;
  SCHEDULER_ROLE_ARN: string;
  SCHEDULER_TARGET_ARN: string;
  MEDIACONVERT_ROLE_ARN: string;
  MEDIACONVERT_QUEUE_ARN: string;
  /** Only where playback cookies are signed (set by the api stack, after the media stack exists). */
  MEDIA_DOMAIN?: string;
  MEDIA_KEY_PAIR_ID?: string;
  MEDIA_PRIVATE_KEY_SECRET?: string;
  /** The Stripe keys secret; readable only by functions granted it (payments, the Stripe webhook). */
  STRIPE_SECRET_ARN?: string;
  /** The user pool domain's base URL (managed login: federated sign-in, issue 15) and the issuer used for Google. */
  FEDERATION_BASE_URL: string;
  GOOGLE_ISSUER: string;
}

/**
 * A Lambda's code: `entry` (relative to the repository root) bundled at synth by the local esbuild (never Docker),
 * code-split (lambda-bundling.ts), and hashed by its output, as NodejsFunction does, which cannot split code (it writes
 * one --outfile).
 */
export function bundledCode(entry: string, target: string): lambda.Code {
  return lambda.Code.fromAsset(repoRoot, {
    assetHashType: AssetHashType.OUTPUT,
    bundling: {
      image: DockerImage.fromRegistry('dummy'),
      // CDK caches a bundle by the JSON of these options, and JSON drops the `local` closure: without the entry here
      // every function would reuse the first bundle built. Docker never runs (tryBundle always bundles).
      command: ['bundle', entry, target],
      local: {
        tryBundle(outputDir) {
          const { metafile } = buildSync({ ...lambdaBuildOptions(join(repoRoot, entry), outputDir, target), absWorkingDir: repoRoot, metafile: true });
          pruneUnreachableChunks(outputDir, metafile, repoRoot);
          return true;
        },
      },
    },
  });
}

/** The newest Node.js runtime this aws-cdk-lib defines (cdk-nag's AwsSolutions-L1 compares against the same list). */
export function latestNodeRuntime(): lambda.Runtime {
  const version = (r: lambda.Runtime) => Number(/^nodejs(\d+)\.x$/.exec(r.name)?.[1] ?? 0);
  const newest = lambda.Runtime.ALL.filter((r) => version(r) > 0).sort((a, b) => version(b) - version(a))[0];
  if (!newest) throw new Error('aws-cdk-lib defines no nodejsNN.x runtime');
  return newest;
}

export const COGNITO_ADMIN_ACTIONS = [
  'cognito-idp:AdminCreateUser',
  'cognito-idp:AdminSetUserPassword',
  'cognito-idp:AdminDeleteUser',
  'cognito-idp:AdminGetUser',
  'cognito-idp:AdminUpdateUserAttributes',
  'cognito-idp:AdminDisableUser',
  'cognito-idp:AdminEnableUser',
  'cognito-idp:AdminUserGlobalSignOut',
] as const;

/** Writes go through conditions and transactions; Scan is left out on purpose (DESIGN §4: no Scan). */
const TABLE_ACTIONS = [
  'dynamodb:GetItem',
  'dynamodb:BatchGetItem',
  'dynamodb:Query',
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
  'dynamodb:ConditionCheckItem',
];

/** MediaConvert actions IAM defines no resource type for (Service Authorization Reference): granted on "*". */
const UNSCOPED_MEDIACONVERT_COMMANDS: ReadonlySet<string> = new Set(['Probe']);

const OBJECT_REASON =
  'Object keys are created at runtime per team and content (T#<teamId>/...); access is limited to this one bucket.';

export interface PlatformFunctionProps {
  /** Entry file relative to the repository root, e.g. `lambdas/teams/handler.ts`. */
  entry: string;
  /** POWERTOOLS_SERVICE_NAME and the name in logs. */
  service: string;
  environment: PlatformEnvironment;
  names: PlatformNames;
  timeout?: Duration;
  memorySize?: number;
  /** Only where another resource must know the ARN before the function exists (Scheduler's target). */
  functionName?: string;
  /** Asynchronous triggers (EventBridge, Scheduler, the table's stream): failed events land in an SQS queue instead of vanishing. */
  asyncFailureQueue?: boolean;
}

/** Every Lambda of the platform: one place for runtime, bundling, logging, tracing and least-privilege grants. */
export class PlatformFunction extends Construct {
  readonly function: lambda.Function;
  readonly role: iam.Role;
  readonly logGroup: logs.LogGroup;
  readonly failureQueue?: sqs.Queue;
  /** The bundle's entry, relative to the repository root (the infra tests hold each asset to it). */
  readonly entry: string;
  private readonly names: PlatformNames;

  constructor(scope: Construct, id: string, props: PlatformFunctionProps) {
    super(scope, id);
    this.names = props.names;
    this.entry = props.entry;
    const runtime = latestNodeRuntime();

    this.logGroup = new logs.LogGroup(this, 'Logs', { retention: logs.RetentionDays.ONE_MONTH });
    // Own role instead of AWSLambdaBasicExecutionRole: writes to its own log group only.
    this.role = new iam.Role(this, 'Role', { assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com') });
    this.logGroup.grantWrite(this.role);

    if (props.asyncFailureQueue) {
      this.failureQueue = new sqs.Queue(this, 'Failures', {
        enforceSSL: true,
        retentionPeriod: Duration.days(14),
        encryption: sqs.QueueEncryption.SQS_MANAGED,
      });
    }

    const target = runtime.name.replace(/^nodejs(\d+)\.x$/, 'node$1');
    this.function = new lambda.Function(this, 'Function', {
      code: bundledCode(props.entry, target),
      handler: 'index.handler',
      functionName: props.functionName,
      runtime,
      architecture: lambda.Architecture.ARM_64,
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout ?? Duration.seconds(15),
      role: this.role,
      logGroup: this.logGroup,
      loggingFormat: lambda.LoggingFormat.JSON,
      tracing: lambda.Tracing.ACTIVE,
      deadLetterQueue: this.failureQueue,
      environment: {
        PLATFORM: 'aws',
        POWERTOOLS_SERVICE_NAME: props.service,
        NODE_OPTIONS: '--enable-source-maps',
        ...stripUndefined(props.environment),
      },
    });

    acknowledge(
      this.role,
      'AwsSolutions-IAM5[Resource::*]',
      'X-Ray PutTraceSegments/PutTelemetryRecords (added by tracing: ACTIVE) support no resource-level permissions.',
    );
  }

  /**
   * The function reacts to the table's stream (lambdas/core/events/domain-events.ts): an event source mapping with the
   * domain's filters (only the new items it reacts to invoke it), partial batch responses, bounded retries that bisect a
   * failing batch, and the function's failure queue as the on-failure destination, whose depth is alarmed.
   */
  reactToTableStream(table: dynamodb.ITable, filters: readonly Record<string, unknown>[], batch: { batchSize: number; retryAttempts: number; maxBatchingWindowSeconds: number }): this {
    if (!this.failureQueue) throw new Error(`${this.node.id} reacts to the table stream: give it asyncFailureQueue for the records that fail every retry`);
    this.function.addEventSource(
      new DynamoEventSource(table, {
        startingPosition: lambda.StartingPosition.LATEST,
        batchSize: batch.batchSize,
        maxBatchingWindow: Duration.seconds(batch.maxBatchingWindowSeconds),
        retryAttempts: batch.retryAttempts,
        bisectBatchOnError: true,
        reportBatchItemFailures: true,
        onFailure: new SqsDlq(this.failureQueue),
        filters: filters.map((pattern) => lambda.FilterCriteria.filter(pattern)),
      }),
    );
    return this;
  }

  private allow(actions: string[], resources: string[], conditions?: Record<string, unknown>): void {
    this.role.addToPrincipalPolicy(new iam.PolicyStatement({ actions, resources, conditions }));
  }

  /**
   * Item reads and writes on the table, and queries on it and its declared GSIs (each named, no index/*): an index ARN
   * authorizes only reads of the index (Query here), so the item actions are on the table alone (grant evidence).
   */
  grantTable(): this {
    this.allow(TABLE_ACTIONS, [arns.table(this.names)]);
    this.allow(['dynamodb:Query'], arns.tableIndexes(this.names));
    return this;
  }

  /**
   * Narrower than grantTable: the named item actions on the table itself (no index), only on items whose partition
   * key starts with one of `keyPrefixes` (IAM's `dynamodb:LeadingKeys`).
   */
  grantTableItems(actions: readonly string[], keyPrefixes: readonly string[]): this {
    this.allow(
      actions.map((a) => `dynamodb:${a}`),
      [arns.table(this.names)],
      { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': keyPrefixes.map((p) => `${p}*`) } },
    );
    return this;
  }

  grantCognitoAdmin(userPoolArn: string): this {
    this.allow([...COGNITO_ADMIN_ACTIONS], [userPoolArn]);
    return this;
  }

  /** The team providers' management (issue 15): exactly the federation adapter's commands, on the pool only. */
  grantFederation(userPoolArn: string): this {
    this.allow(FEDERATION_COMMANDS.map((c) => `cognito-idp:${c}`), [userPoolArn]);
    return this;
  }

  /** SES sending needs both the identity and the configuration set named in the request (the adapter sends SendEmail only). */
  grantSendMail(mailFromDomain: string): this {
    this.allow(
      ['ses:SendEmail'],
      [arns.sesIdentity(mailFromDomain), arns.configurationSet(this.names)],
    );
    return this;
  }

  /** One-time schedules in the platform's group, passing only the Scheduler role. */
  grantSchedules(): this {
    const schedules = arns.schedules(this.names);
    // Update: the scheduler adapter replaces a pending schedule of the same name on conflict.
    this.allow(['scheduler:CreateSchedule', 'scheduler:UpdateSchedule', 'scheduler:DeleteSchedule'], [schedules]);
    this.allow(['iam:PassRole'], [arns.role(this.names.schedulerRole)], {
      StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' },
    });
    acknowledgeWildcardResource(
      this.role,
      schedules,
      'Schedule names are generated per job at runtime; the grant is limited to the platform schedule group.',
    );
    return this;
  }

  /**
   * Every command the MediaConvert adapter sends: CreateJob on the platform queue, passing only the
   * MediaConvert role; Probe, which has no resource type in IAM, on "*".
   */
  grantTranscode(): this {
    const jobs = arns.mediaConvertJobs();
    const scoped = MEDIACONVERT_COMMANDS.filter((c) => !UNSCOPED_MEDIACONVERT_COMMANDS.has(c));
    const unscoped = MEDIACONVERT_COMMANDS.filter((c) => UNSCOPED_MEDIACONVERT_COMMANDS.has(c));
    if (scoped.length) this.allow(scoped.map((c) => `mediaconvert:${c}`), [jobs, arns.mediaConvertQueue(this.names)]);
    if (unscoped.length) this.allow(unscoped.map((c) => `mediaconvert:${c}`), ['*']);
    this.allow(['iam:PassRole'], [arns.role(this.names.mediaConvertRole)], {
      StringEquals: { 'iam:PassedToService': 'mediaconvert.amazonaws.com' },
    });
    acknowledgeWildcardResource(
      this.role,
      jobs,
      'MediaConvert job ids do not exist before CreateJob; the job must also name the platform queue and role.',
    );
    if (unscoped.length) {
      acknowledge(
        this.role,
        'AwsSolutions-IAM5[Resource::*]',
        `${unscoped.map((c) => `mediaconvert:${c}`).join(', ')} (reads a source's tracks before CreateJob) supports no resource-level permission in IAM.`,
      );
    }
    return this;
  }

  /** Objects of one bucket: `read` for downloads and listings, `readWrite` adds uploads (incl. multipart) and deletes. */
  grantBucket(bucketName: string, mode: 'read' | 'readWrite'): this {
    const objects = arns.objects(bucketName);
    this.allow(['s3:ListBucket'], [arns.bucket(bucketName)]);
    this.allow(
      mode === 'read'
        ? ['s3:GetObject']
        : ['s3:GetObject', 's3:PutObject', 's3:DeleteObject', 's3:AbortMultipartUpload', 's3:ListMultipartUploadParts'],
      [objects],
    );
    acknowledgeWildcardResource(this.role, objects, OBJECT_REASON);
    return this;
  }

  grantSecretRead(secretArn: string): this {
    this.allow(['secretsmanager:GetSecretValue'], [secretArn]);
    return this;
  }
}

function stripUndefined(env: PlatformEnvironment): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => typeof e[1] === 'string'));
}
