import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Annotations, Aws, CfnOutput, type CfnResource, type CustomResource, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import * as cr from 'aws-cdk-lib/custom-resources';
import type { Construct } from 'constructs';
import { acknowledge, acknowledgeDistributionDefaults, acknowledgeGeneratedWildcards, findSingleton } from '../constructs/nag';
import type { PlatformNames } from '../names';
import { federationBaseUrl } from '../environment';
import type { PlatformSettings } from '../settings';
import { contentSecurityPolicy, SECURITY_HEADER_SETTINGS, type CspOrigins } from '../../shared/security-headers';
import { COGNITO_PROXY_PATH } from '../../lambdas/auth/cognito-proxy';

export interface WebStackProps extends StackProps {
  settings: PlatformSettings;
  names: PlatformNames;
  /** `<api id>.execute-api.<region>.<url suffix>`: the HTTP API's host, the origin of /api/*. */
  apiDomain: string;
  userPoolId: string;
  userPoolClientId: string;
  mediaDomain: string;
  /**
   * The edge stack's SSM parameter (us-east-1) holding the WAF web ACL's ARN, and the ACL's definition fingerprint
   * (edge-stack.ts `webAclFingerprint`), which changes whenever the ACL is replaced.
   */
  webAclParameter: { name: string; region: string; fingerprint: string };
}

/** Root files a Vite build emits next to index.html; everything else without one of these is a client route. */
const STATIC_EXTENSIONS = [
  'js', 'mjs', 'css', 'map', 'json', 'html', 'txt', 'xml', 'webmanifest', 'ico', 'png', 'jpg', 'jpeg',
  'gif', 'svg', 'webp', 'avif', 'woff', 'woff2', 'ttf', 'wasm',
];

/**
 * Viewer-request rewrite of client routes to /index.html. Not CloudFront error responses: those apply to
 * every behaviour, and would turn the API's own 403/404 JSON answers into index.html with status 200.
 */
export const SPA_REWRITE_CODE = `
var STATIC = /\\.(${STATIC_EXTENSIONS.join('|')})$/i;
function handler(event) {
  var request = event.request;
  var last = request.uri.substring(request.uri.lastIndexOf('/') + 1);
  if (!STATIC.test(last)) request.uri = '/index.html';
  return request;
}
`;

/** The SPA: private bucket, CloudFront with security headers, and /api/* forwarded to the HTTP API. */
export class WebStack extends Stack {
  readonly bucket: s3.Bucket;
  readonly distribution: cloudfront.Distribution;
  readonly headers: cloudfront.ResponseHeadersPolicy;
  readonly deployed: boolean;

  constructor(scope: Construct, id: string, props: WebStackProps) {
    super(scope, id, props);
    const { settings, names } = props;
    const logsBucket = s3.Bucket.fromBucketAttributes(this, 'LogsBucket', { bucketName: names.logsBucket });

    this.bucket = new s3.Bucket(this, 'SiteBucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: s3.BucketEncryption.S3_MANAGED,
      versioned: true,
      lifecycleRules: [{ noncurrentVersionExpiration: Duration.days(30) }],
      serverAccessLogsBucket: logsBucket,
      serverAccessLogsPrefix: 's3/SiteBucket/',
      removalPolicy: RemovalPolicy.RETAIN,
    });
    acknowledge(
      this.bucket,
      '@aws-cdk/aws-s3:accessLogsPolicyNotAdded',
      'The data stack’s logs bucket policy admits S3 server access logs from this app and stage’s buckets.',
    );

    this.headers = new cloudfront.ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: `${settings.prefix} web security headers`,
      securityHeadersBehavior: cloudFrontSecurityHeaders(awsCspOrigins(settings, names, props.mediaDomain)),
    });

    const spaRewrite = new cloudfront.Function(this, 'SpaRewrite', {
      comment: 'Client routes of the SPA are served index.html',
      code: cloudfront.FunctionCode.fromInline(SPA_REWRITE_CODE),
      runtime: cloudfront.FunctionRuntime.JS_2_0,
    });

    const webAclId = webAclArnFromEdge(this, props.webAclParameter);
    const alias = webAlias(this, settings);
    this.distribution = new cloudfront.Distribution(this, 'WebDistribution', {
      comment: `${settings.prefix} web`,
      // The app must be served at appOrigin: cookies on its parent domain, uploads CORS and mail links name it.
      ...(alias ? { domainNames: [alias.domainName], certificate: alias.certificate } : {}),
      defaultRootObject: 'index.html',
      webAclId,
      defaultBehavior: {
        origin: origins.S3BucketOrigin.withOriginAccessControl(this.bucket),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: this.headers,
        functionAssociations: [{ function: spaRewrite, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        '/api/*': {
          origin: new origins.HttpOrigin(props.apiDomain, {
            protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
            originSslProtocols: [cloudfront.OriginSslPolicy.TLS_V1_2],
          }),
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
          cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
          // Host must stay the API's own, or API Gateway cannot route the request.
          originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: this.headers,
        },
      },
      priceClass: cloudfront.PriceClass.PRICE_CLASS_200,
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      enableLogging: true,
      logBucket: logsBucket,
      logFilePrefix: 'cloudfront/web/',
    });
    acknowledgeDistributionDefaults(this.distribution, { customCertificate: Boolean(alias), webAcl: true });

    this.deployed = existsSync(join(settings.webDistDir, 'index.html'));
    if (this.deployed) this.deploySite(props);
    else Annotations.of(this).addInfo(`${settings.webDistDir}/index.html not found: the SPA is not deployed (run npm run build:web).`);

    new CfnOutput(this, 'WebUrl', { value: alias ? `https://${alias.domainName}` : `https://${this.distribution.distributionDomainName}` });
    // The DNS record to create for the alias (README "Deploy to AWS").
    new CfnOutput(this, 'WebDistributionDomain', { value: this.distribution.distributionDomainName });
  }

  private deploySite(props: WebStackProps): void {
    const dist = props.settings.webDistDir;
    const logGroup = new logs.LogGroup(this, 'DeploymentLogs', { retention: logs.RetentionDays.ONE_MONTH });
    const shell = ['index.html', 'config.json'];

    // Hashed assets may be cached for a year; they are pruned when a build no longer has them.
    const assets = new s3deploy.BucketDeployment(this, 'DeployAssets', {
      sources: [s3deploy.Source.asset(dist, { exclude: shell })],
      destinationBucket: this.bucket,
      exclude: shell,
      cacheControl: [s3deploy.CacheControl.fromString('public, max-age=31536000, immutable')],
      memoryLimit: 512,
      logGroup,
    });
    // index.html and config.json must be revalidated, or a deploy stays invisible behind caches.
    const shellDeployment = new s3deploy.BucketDeployment(this, 'DeployShell', {
      sources: [
        s3deploy.Source.asset(dist, { exclude: ['*', '!index.html'] }),
        s3deploy.Source.jsonData('config.json', {
          region: Aws.REGION,
          userPoolId: props.userPoolId,
          userPoolClientId: props.userPoolClientId,
          // Amplify reaches Cognito through the API's proxy, so login throttling is in the path (lambdas/auth/cognito-proxy.ts).
          userPoolEndpoint: COGNITO_PROXY_PATH,
          apiBase: '/api',
        }),
      ],
      destinationBucket: this.bucket,
      prune: false,
      cacheControl: [s3deploy.CacheControl.fromString('no-cache')],
      memoryLimit: 512,
      logGroup,
    });
    shellDeployment.node.addDependency(assets);

    const handler = findSingleton(this, 'Custom::CDKBucketDeployment');
    if (!handler) throw new Error('BucketDeployment handler not found');
    acknowledgeGeneratedWildcards(
      handler,
      'CDK’s BucketDeployment handler copies a whole asset zip into the site bucket; CDK scopes it to the asset and site buckets.',
    );
    acknowledge(
      handler,
      'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
      'The role of CDK’s BucketDeployment handler is generated by CDK with the basic execution policy; it only writes its logs.',
    );
    acknowledge(
      handler,
      'AwsSolutions-L1',
      'CDK’s BucketDeployment handler runtime is pinned by aws-cdk-lib, not chosen here; it follows CDK upgrades.',
    );
  }
}

/**
 * The WAF web ACL's ARN, read from the edge stack's SSM parameter in us-east-1 at deploy time (a CLOUDFRONT-scope
 * ACL lives there; CloudFormation cannot import an export across regions). CloudFormation runs the reader only when
 * its properties change, so they carry the ACL's definition fingerprint: a replaced ACL (new ARN) changes it, and the
 * next deploy of this stack reads the new ARN into the distribution. (A rule change updates the ACL in place, keeping
 * its ARN; reading it again then is harmless.)
 */
function webAclArnFromEdge(stack: Stack, parameter: { name: string; region: string; fingerprint: string }): string {
  const read = new cr.AwsCustomResource(stack, 'WebAclArn', {
    onUpdate: {
      service: 'SSM',
      action: 'getParameter',
      parameters: { Name: parameter.name },
      region: parameter.region,
      physicalResourceId: cr.PhysicalResourceId.of(parameter.name),
    },
    policy: cr.AwsCustomResourcePolicy.fromSdkCalls({
      resources: [`arn:${Aws.PARTITION}:ssm:${parameter.region}:${Aws.ACCOUNT_ID}:parameter${parameter.name}`],
    }),
    installLatestAwsSdk: false,
    logGroup: new logs.LogGroup(stack, 'WebAclArnLogs', { retention: logs.RetentionDays.ONE_MONTH }),
  });
  // AwsCustomResource has no property of its own for this; the handler ignores properties it does not know.
  const resource = read.node.defaultChild as CustomResource;
  (resource.node.defaultChild as CfnResource).addPropertyOverride('WebAclFingerprint', parameter.fingerprint);
  const handler = findSingleton(stack, `AWS${cr.AwsCustomResource.PROVIDER_FUNCTION_UUID.replace(/-/g, '')}`);
  if (!handler) throw new Error('AwsCustomResource handler not found');
  acknowledge(
    handler,
    'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
    'The role of CDK’s AwsCustomResource handler is generated by CDK with the basic execution policy; its only other grant is ssm:GetParameter on the one parameter.',
  );
  return read.getResponseField('Parameter.Value');
}

/**
 * The app's other origins on AWS: the media distribution, the uploads bucket's regional host and the user pool domain
 * (the federated code exchange). Not Cognito's user pool API: Amplify calls it through `/api/cognito` ('self').
 */
export function awsCspOrigins(settings: PlatformSettings, names: PlatformNames, mediaDomain: string): CspOrigins {
  return {
    federation: federationBaseUrl(settings),
    media: `https://${mediaDomain}`,
    uploads: `https://${names.uploadsBucket}.s3.${Aws.REGION}.${Aws.URL_SUFFIX}`,
  };
}

/** shared/security-headers.ts as CloudFront's security headers (the local gateway sends the same, webSecurityHeaders). */
export function cloudFrontSecurityHeaders(origins: CspOrigins): cloudfront.ResponseSecurityHeadersBehavior {
  const s = SECURITY_HEADER_SETTINGS;
  return {
    contentSecurityPolicy: { contentSecurityPolicy: contentSecurityPolicy(origins), override: true },
    strictTransportSecurity: {
      accessControlMaxAge: Duration.seconds(s.hstsMaxAgeSeconds),
      includeSubdomains: s.hstsIncludeSubdomains,
      override: true,
    },
    contentTypeOptions: { override: true },
    frameOptions: { frameOption: s.frameOptions as cloudfront.HeadersFrameOption, override: true },
    referrerPolicy: { referrerPolicy: s.referrerPolicy as cloudfront.HeadersReferrerPolicy, override: true },
  };
}

/**
 * The web distribution's alias: appOrigin's host with `webCertificateArn` (us-east-1). An appOrigin on
 * CloudFront's own domain (known after a first deploy without a domain) needs neither. Any other appOrigin
 * without a certificate would leave the app unreachable where cookies, CORS and mail links point: refused.
 */
export function webAlias(stack: Stack, settings: PlatformSettings): { domainName: string; certificate: acm.ICertificate } | undefined {
  const { appOrigin, webCertificateArn } = settings;
  const host = appOrigin ? new URL(appOrigin).hostname : undefined;
  if (!host || host.endsWith('.cloudfront.net')) {
    if (webCertificateArn) throw new Error('webCertificateArn is for the appOrigin host: pass -c appOrigin=https://<app domain> with it');
    return undefined;
  }
  if (!webCertificateArn) {
    throw new Error(`appOrigin ${appOrigin} needs its certificate: pass -c webCertificateArn=<us-east-1 ACM ARN covering ${host}>`);
  }
  return { domainName: host, certificate: acm.Certificate.fromCertificateArn(stack, 'WebCertificate', webCertificateArn) };
}
