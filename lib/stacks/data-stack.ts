import { Aws, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { acknowledge } from '../constructs/nag';
import { tableSchema } from '../../lambdas/platform/table-schema';
import type { PlatformNames } from '../names';
import type { PlatformSettings } from '../settings';

export interface DataStackProps extends StackProps {
  settings: PlatformSettings;
  names: PlatformNames;
}

/** Stateful resources only (table, buckets, the media-cookie key secret), so the other stacks can be replaced freely. */
export class DataStack extends Stack {
  readonly table: dynamodb.Table;
  readonly uploadsBucket: s3.Bucket;
  readonly mediaBucket: s3.Bucket;
  readonly logsBucket: s3.Bucket;
  readonly mediaCookieKey: secretsmanager.Secret;
  /** The platform's Stripe secret key and webhook signing secret (lambdas/platform/payments.ts reads them). */
  readonly stripeKeys: secretsmanager.Secret;

  constructor(scope: Construct, id: string, props: DataStackProps) {
    super(scope, id, props);
    const { names, settings } = props;
    const key = (name: string) => ({ name, type: dynamodb.AttributeType.STRING });

    this.table = new dynamodb.Table(this, 'Table', {
      tableName: names.table,
      partitionKey: key(tableSchema.partitionKey),
      sortKey: key(tableSchema.sortKey),
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: true,
      timeToLiveAttribute: tableSchema.ttlAttribute,
      stream: dynamodb.StreamViewType.NEW_AND_OLD_IMAGES,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    for (const index of tableSchema.indexes) {
      this.table.addGlobalSecondaryIndex({
        indexName: index.name,
        partitionKey: key(index.partitionKey),
        sortKey: key(index.sortKey),
        projectionType: dynamodb.ProjectionType.ALL,
      });
    }

    this.logsBucket = new s3.Bucket(this, 'LogsBucket', {
      bucketName: names.logsBucket,
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: s3.BucketEncryption.S3_MANAGED,
      // CloudFront standard logging writes with ACLs, which BUCKET_OWNER_ENFORCED would refuse.
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ expiration: Duration.days(365) }],
      removalPolicy: RemovalPolicy.RETAIN,
    });
    // Buckets of later stacks (the SPA bucket) log here too; they cannot edit this policy, so it admits
    // the S3 logging service for this account's buckets of this app and stage only.
    this.logsBucket.addToResourcePolicy(
      new iam.PolicyStatement({
        principals: [new iam.ServicePrincipal('logging.s3.amazonaws.com')],
        actions: ['s3:PutObject'],
        resources: [this.logsBucket.arnForObjects('s3/*')],
        conditions: {
          StringEquals: { 'aws:SourceAccount': Aws.ACCOUNT_ID },
          ArnLike: { 'aws:SourceArn': `arn:${Aws.PARTITION}:s3:::${settings.prefix}-*` },
        },
      }),
    );

    const dataBucket = (id: string, bucketName: string, props: Partial<s3.BucketProps> = {}) =>
      new s3.Bucket(this, id, {
        bucketName,
        blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
        enforceSSL: true,
        versioned: true,
        encryption: s3.BucketEncryption.S3_MANAGED,
        serverAccessLogsBucket: this.logsBucket,
        serverAccessLogsPrefix: `s3/${id}/`,
        removalPolicy: RemovalPolicy.RETAIN,
        ...props,
      });

    this.uploadsBucket = dataBucket('UploadsBucket', names.uploadsBucket, {
      // The browser PUTs multipart parts to presigned URLs and must read each part's ETag to complete.
      cors: [
        {
          allowedMethods: [s3.HttpMethods.PUT, s3.HttpMethods.GET, s3.HttpMethods.HEAD],
          allowedOrigins: settings.appOrigin ? [settings.appOrigin] : ['*'],
          allowedHeaders: ['*'],
          exposedHeaders: ['ETag'],
          maxAge: 3000,
        },
      ],
      lifecycleRules: [
        { abortIncompleteMultipartUploadAfter: Duration.days(7) },
        { noncurrentVersionExpiration: Duration.days(30) },
      ],
    });

    this.mediaBucket = dataBucket('MediaBucket', names.mediaBucket, {
      lifecycleRules: [{ noncurrentVersionExpiration: Duration.days(30) }],
    });
    // The media distribution lives in the media stack, created after this one: naming its id here would
    // be a cycle. So CloudFront may read through OAC from distributions of this account only.
    this.mediaBucket.addToResourcePolicy(
      new iam.PolicyStatement({
        principals: [new iam.ServicePrincipal('cloudfront.amazonaws.com')],
        actions: ['s3:GetObject'],
        resources: [this.mediaBucket.arnForObjects('*')],
        conditions: {
          StringEquals: { 'aws:SourceAccount': Aws.ACCOUNT_ID },
          ArnLike: { 'aws:SourceArn': `arn:${Aws.PARTITION}:cloudfront::${Aws.ACCOUNT_ID}:distribution/*` },
        },
      }),
    );

    // The private half of the CloudFront key pair (mediaPublicKeyPem) that signs playback cookies. The template
    // must never carry a private key, so CDK creates the secret with a random placeholder and the operator
    // puts the PEM (README "Deploy to AWS"); retained, so a stack update never loses it.
    this.mediaCookieKey = new secretsmanager.Secret(this, 'MediaCookieKey', {
      secretName: settings.mediaPrivateKeySecretName,
      description: `${settings.prefix}: PEM private key for CloudFront signed media cookies (put by the operator)`,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    acknowledge(
      this.mediaCookieKey,
      'AwsSolutions-SMG4',
      'The key must match the CloudFront public key (mediaPublicKeyPem); it is rotated by the operator with a new public key in one deploy (lib/keys/README.md), not by a rotation Lambda.',
    );

    // Stripe's keys are issued by Stripe, never by us: created with empty fields for the operator to fill
    // (README "Deploy to AWS"); until then every /stripe call answers "payment info not loaded". Retained.
    this.stripeKeys = new secretsmanager.Secret(this, 'StripeKeys', {
      secretName: settings.stripeSecretName,
      description: `${settings.prefix}: Stripe secret key and Connect webhook signing secret (put by the operator)`,
      removalPolicy: RemovalPolicy.RETAIN,
      generateSecretString: { secretStringTemplate: JSON.stringify({ secretKey: '', webhookSecret: '' }), generateStringKey: 'placeholder', excludePunctuation: true },
    });
    acknowledge(
      this.stripeKeys,
      'AwsSolutions-SMG4',
      'Stripe issues and rolls these keys in its dashboard; the operator puts the new values here. A rotation Lambda cannot create Stripe keys.',
    );
  }
}
