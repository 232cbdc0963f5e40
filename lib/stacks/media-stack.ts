import { Annotations, Aws, CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as mediaconvert from 'aws-cdk-lib/aws-mediaconvert';
import * as s3 from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { acknowledge, acknowledgeDistributionDefaults, acknowledgeWildcardResource } from '../constructs/nag';
import { PlatformFunction, type PlatformEnvironment } from '../constructs/platform-function';
import { arns, type PlatformNames } from '../names';
import { sharedParentDomain } from '../../lambdas/platform/media-signing/cookie-domain';
import type { PlatformSettings } from '../settings';

export interface MediaStackProps extends StackProps {
  settings: PlatformSettings;
  names: PlatformNames;
  environment: PlatformEnvironment;
}

export const MEDIACONVERT_STATES = ['COMPLETE', 'ERROR', 'PROGRESSING'];

/** Transcoding (MediaConvert role, queue, job-state events) and delivery (CloudFront with signed cookies). */
export class MediaStack extends Stack {
  readonly mediaConvertRole: iam.Role;
  readonly queue: mediaconvert.CfnQueue;
  readonly jobState: PlatformFunction;
  readonly publicKey: cloudfront.PublicKey;
  readonly keyGroup: cloudfront.KeyGroup;
  readonly distribution: cloudfront.Distribution;
  /** The host name players fetch media from: the alias when one is given, else CloudFront's own. */
  readonly mediaDomain: string;

  constructor(scope: Construct, id: string, props: MediaStackProps) {
    super(scope, id, props);
    const { settings, names, environment } = props;

    // --- Transcoding ---------------------------------------------------------------------------
    // One queue per stage: its ARN is how the job-state rule tells this stage's jobs from others'.
    this.queue = new mediaconvert.CfnQueue(this, 'Queue', {
      name: names.mediaConvertQueue,
      pricingPlan: 'ON_DEMAND',
      status: 'ACTIVE',
      description: `${settings.prefix} transcoding`,
    });

    this.mediaConvertRole = new iam.Role(this, 'MediaConvertRole', {
      roleName: names.mediaConvertRole,
      description: 'Assumed by MediaConvert: reads uploads, writes HLS renditions and thumbnails',
      assumedBy: new iam.ServicePrincipal('mediaconvert.amazonaws.com', {
        conditions: { StringEquals: { 'aws:SourceAccount': Aws.ACCOUNT_ID } },
      }),
    });
    const uploads = arns.objects(names.uploadsBucket);
    const media = arns.objects(names.mediaBucket);
    this.mediaConvertRole.addToPrincipalPolicy(new iam.PolicyStatement({ actions: ['s3:GetObject'], resources: [uploads] }));
    this.mediaConvertRole.addToPrincipalPolicy(new iam.PolicyStatement({ actions: ['s3:PutObject'], resources: [media] }));
    this.mediaConvertRole.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['s3:GetBucketLocation'],
        resources: [arns.bucket(names.uploadsBucket), arns.bucket(names.mediaBucket)],
      }),
    );
    acknowledgeWildcardResource(
      this.mediaConvertRole,
      uploads,
      'MediaConvert reads whichever upload a job names; keys are generated per team and video at runtime.',
    );
    acknowledgeWildcardResource(
      this.mediaConvertRole,
      media,
      'MediaConvert writes a folder of renditions per video whose keys exist only at job time; write-only grant.',
    );

    this.jobState = new PlatformFunction(this, 'JobState', {
      entry: 'lambdas/events/media-job-state.ts',
      service: 'media-job-state',
      environment,
      names,
      timeout: Duration.seconds(60),
      asyncFailureQueue: true,
    })
      // No bucket: the outputs' keys come in MediaConvert's event (grant evidence: it never reads S3). No mail: the
      // uploader's mail is the mail domain's reaction to the result's notice.
      .grantTable();

    new events.Rule(this, 'JobStateRule', {
      description: 'MediaConvert job state changes of this stage’s queue',
      eventPattern: {
        source: ['aws.mediaconvert'],
        detailType: ['MediaConvert Job State Change'],
        detail: { status: MEDIACONVERT_STATES, queue: [arns.mediaConvertQueue(names)] },
      },
      targets: [new targets.LambdaFunction(this.jobState.function, { retryAttempts: 8, maxEventAge: Duration.hours(6) })],
    });

    // --- Delivery ------------------------------------------------------------------------------
    if (settings.mediaPublicKeyIsDevDefault) {
      const message =
        'Media signed cookies use the checked-in development public key, whose private half was discarded: pass -c mediaPublicKeyPem=<file or PEM>.';
      if (settings.isProd) Annotations.of(this).addError(message);
      else Annotations.of(this).addInfo(message);
    }
    this.publicKey = new cloudfront.PublicKey(this, 'CookieKey', {
      encodedKey: settings.mediaPublicKeyPem,
      comment: `${settings.prefix} media signed cookies; private key in Secrets Manager ${settings.mediaPrivateKeySecretName}`,
    });
    this.keyGroup = new cloudfront.KeyGroup(this, 'CookieKeyGroup', { items: [this.publicKey] });

    // Cookies ride cross-origin requests only with credentials, which CORS allows for a named origin only.
    const corsWithCredentials = Boolean(settings.appOrigin);
    const cors = new cloudfront.ResponseHeadersPolicy(this, 'MediaHeaders', {
      comment: 'CORS for hls.js and basic security headers',
      corsBehavior: {
        accessControlAllowOrigins: settings.appOrigin ? [settings.appOrigin] : ['*'],
        accessControlAllowCredentials: corsWithCredentials,
        accessControlAllowHeaders: ['Range'],
        accessControlAllowMethods: ['GET', 'HEAD', 'OPTIONS'],
        accessControlExposeHeaders: ['Content-Length', 'Content-Range'],
        accessControlMaxAge: Duration.minutes(10),
        originOverride: true,
      },
      securityHeadersBehavior: {
        contentTypeOptions: { override: true },
        strictTransportSecurity: { accessControlMaxAge: Duration.days(730), includeSubdomains: true, override: true },
      },
    });

    // Imported by name: handing the data stack's bucket object over would make CDK write this
    // distribution's id into the data stack's bucket policy (a cycle). That policy admits this account's
    // distributions instead.
    const mediaBucket = s3.Bucket.fromBucketAttributes(this, 'MediaBucket', { bucketName: names.mediaBucket });
    const logsBucket = s3.Bucket.fromBucketAttributes(this, 'LogsBucket', { bucketName: names.logsBucket });

    const alias = mediaAlias(this, settings);
    this.distribution = new cloudfront.Distribution(this, 'MediaDistribution', {
      comment: `${settings.prefix} media (HLS behind signed cookies)`,
      ...(alias ? { domainNames: [alias.domainName], certificate: alias.certificate } : {}),
      defaultBehavior: {
        origin: origins.S3BucketOrigin.withOriginAccessControl(mediaBucket),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
        trustedKeyGroups: [this.keyGroup],
        allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD_OPTIONS,
        cachedMethods: cloudfront.CachedMethods.CACHE_GET_HEAD_OPTIONS,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: cors,
      },
      priceClass: cloudfront.PriceClass.PRICE_CLASS_200,
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      enableLogging: true,
      logBucket: logsBucket,
      logFilePrefix: 'cloudfront/media/',
    });
    acknowledge(
      this.distribution,
      '@aws-cdk/aws-cloudfront-origins:updateImportedBucketPolicyOac',
      'The data stack’s media bucket policy already admits CloudFront OAC reads from this account’s distributions.',
    );
    acknowledgeDistributionDefaults(this.distribution, { customCertificate: Boolean(alias) });

    this.mediaDomain = alias?.domainName ?? this.distribution.distributionDomainName;
    new CfnOutput(this, 'MediaDomain', { value: this.mediaDomain });
    // The DNS record to create for the alias (README "Deploy to AWS").
    new CfnOutput(this, 'MediaDistributionDomain', { value: this.distribution.distributionDomainName });
    new CfnOutput(this, 'MediaKeyPairId', { value: this.publicKey.publicKeyId });
  }
}

/**
 * The media alias from context (`mediaDomainName` + `mediaCertificateArn`, both or neither). Browsers send the
 * API's signed cookies to the media host only when app and media share a parent domain, so without an alias on
 * the app's domain protected playback cannot work in AWS: said at synth, an error for prod.
 */
function mediaAlias(stack: Stack, settings: PlatformSettings): { domainName: string; certificate: acm.ICertificate } | undefined {
  const { mediaDomainName, mediaCertificateArn, appOrigin } = settings;
  if (Boolean(mediaDomainName) !== Boolean(mediaCertificateArn)) {
    throw new Error('mediaDomainName and mediaCertificateArn are given together (the certificate must be in us-east-1)');
  }
  const appHost = appOrigin ? new URL(appOrigin).hostname : undefined;
  const shared = mediaDomainName && appHost ? sharedParentDomain(appHost, mediaDomainName) : undefined;
  if (!shared) {
    const message = `Signed media cookies need the app and the media host on one parent domain: pass -c appOrigin=https://app.<domain> -c mediaDomainName=media.<domain> -c mediaCertificateArn=<us-east-1 ACM ARN>.`;
    if (settings.isProd) Annotations.of(stack).addError(message);
    else Annotations.of(stack).addInfo(message);
  }
  if (!mediaDomainName || !mediaCertificateArn) return undefined;
  return { domainName: mediaDomainName, certificate: acm.Certificate.fromCertificateArn(stack, 'MediaCertificate', mediaCertificateArn) };
}
