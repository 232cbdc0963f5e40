import { Aws, CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { domains, type CallDef, type Domain } from '../../shared/api/define';
import { DOMAIN_GRANTS, domainEntry, type DomainGrant } from '../../lambdas/domains';
import { reactions, streamFilterPatterns, TABLE_STREAM_BATCH, type ReactingDomain } from '../../lambdas/core/events/domain-events';
import { STRIPE_WEBHOOK_PATH } from '../../lambdas/events/stripe-webhook';
import { COGNITO_PROXY_PATH } from '../../lambdas/auth/cognito-proxy';
import { LOGIN_FAILURE_KEY_PREFIX, LOGIN_THROTTLE_TABLE_ACTIONS } from '../../lambdas/auth/login-throttle';
import { allCalls } from '../../shared/api/registry';
import { acknowledge } from '../constructs/nag';
import { PlatformFunction, type PlatformEnvironment } from '../constructs/platform-function';
import type { PlatformNames } from '../names';
import type { PlatformSettings } from '../settings';

/**
 * The area of a call: the first segment of its path (`/video/create` -> `video`). API Gateway routes one
 * `POST /api/<area>/{proxy+}` per area; the handler's router then dispatches on the full path.
 */
export const areaOf = (path: string): string => {
  const [, area, rest] = /^\/([^/]+)\/(.+)$/.exec(path) ?? [];
  if (!area || !rest) throw new Error(`Call path ${path} needs an area and a name (/<area>/<name>) to be routed`);
  return area;
};

/** Area -> the one domain serving it; throws (failing synth) when an area's calls name two domains. */
export function areaDomains(calls: readonly Pick<CallDef, 'path' | 'domain'>[]): Map<string, Domain> {
  const areas = new Map<string, Domain>();
  for (const call of calls) {
    const area = areaOf(call.path);
    const known = areas.get(area);
    if (known && known !== call.domain) {
      throw new Error(`Area /${area}/ has calls of two domains (${known}, ${call.domain}; e.g. ${call.path}): one route cannot reach both`);
    }
    areas.set(area, call.domain);
  }
  return areas;
}

/** Stage-wide limits; API Gateway answers 429 above them (DESIGN §3). */
export const API_THROTTLE = { rateLimit: 500, burstLimit: 1000 };

export interface ApiStackProps extends StackProps {
  settings: PlatformSettings;
  names: PlatformNames;
  environment: PlatformEnvironment;
  userPoolArn: string;
  /** The media-cookie private key secret (data stack), read by the domains granted 'playback'. */
  mediaPrivateKeySecretArn: string;
  /** The Stripe keys secret (data stack), read by the domains granted 'stripe' and the Stripe webhook. */
  stripeSecretArn: string;
  /** The table's stream (data stack), read by the domains that react to other domains' events. */
  tableStreamArn: string;
  /** The declared calls; the registry unless a test passes more. */
  calls?: readonly CallDef[];
}

/** The HTTP API: one function per domain, one `POST /api/<area>/{proxy+}` route per call area. */
export class ApiStack extends Stack {
  readonly api: apigw.HttpApi;
  /** The API's host for the web distribution's origin: a plain join of its id, not a split of its URL. */
  readonly apiDomain: string;
  readonly functions: Record<string, PlatformFunction> = {};

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    const { settings, names, environment } = props;

    this.api = new apigw.HttpApi(this, 'HttpApi', {
      apiName: `${settings.prefix}-api`,
      description: 'Platform API; reached through the web distribution at /api/*',
      createDefaultStage: false,
    });

    const accessLogs = new logs.LogGroup(this, 'AccessLogs', { retention: logs.RetentionDays.ONE_MONTH });
    this.api.addStage('DefaultStage', {
      stageName: '$default',
      autoDeploy: true,
      throttle: API_THROTTLE,
      detailedMetricsEnabled: true,
      accessLogSettings: {
        destination: new apigw.LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            ip: '$context.identity.sourceIp',
            time: '$context.requestTime',
            routeKey: '$context.routeKey',
            status: '$context.status',
            latency: '$context.responseLatency',
            integrationLatency: '$context.integrationLatency',
            integrationError: '$context.integrationErrorMessage',
            responseLength: '$context.responseLength',
            userAgent: '$context.identity.userAgent',
          }),
        ),
      },
    });

    const table = dynamodb.Table.fromTableAttributes(this, 'Table', { tableName: names.table, tableStreamArn: props.tableStreamArn });
    const integrations = new Map<Domain, HttpLambdaIntegration>();
    for (const domain of domains) {
      const reacting = Object.hasOwn(reactions, domain);
      const fn = new PlatformFunction(this, `${pascal(domain)}Function`, {
        entry: domainEntry(domain),
        service: domain,
        environment,
        names,
        asyncFailureQueue: reacting,
      }).grantTable();
      if (reacting) fn.reactToTableStream(table, streamFilterPatterns(domain as ReactingDomain), TABLE_STREAM_BATCH);
      for (const grant of DOMAIN_GRANTS[domain] as readonly DomainGrant[]) {
        if (grant === 'cognito') fn.grantCognitoAdmin(props.userPoolArn);
        if (grant === 'federation') fn.grantFederation(props.userPoolArn);
        if (grant === 'mail') fn.grantSendMail(settings.mailFromDomain);
        if (grant === 'schedules') fn.grantSchedules();
        if (grant === 'uploads') fn.grantBucket(names.uploadsBucket, 'readWrite');
        if (grant === 'media') fn.grantBucket(names.mediaBucket, 'readWrite');
        if (grant === 'transcode') fn.grantTranscode();
        if (grant === 'playback') fn.grantSecretRead(props.mediaPrivateKeySecretArn);
        if (grant === 'stripe') fn.grantSecretRead(props.stripeSecretArn);
      }
      this.functions[domain] = fn;
      // One integration and one invoke permission per function: a permission per route would grow the
      // Lambda resource policy with every area.
      integrations.set(domain, new HttpLambdaIntegration(`${pascal(domain)}Integration`, fn.function, { scopePermissionToRoute: false }));
    }

    // One route per area, not per call: the template stays the same size however many calls an area gets
    // (CloudFormation allows 500 resources a stack). Paths under an area that name no call get the router's 404.
    const calls = props.calls ?? allCalls;
    for (const [area, domain] of areaDomains(calls)) {
      const integration = integrations.get(domain);
      if (!integration) throw new Error(`Area /${area}/ names domain "${domain}", which has no function`);
      // Authorization happens in the handler, the same code the local gateway runs (DESIGN §3): it verifies
      // the Cognito access token and the call's permission in the team, and answers 401/403 with the platform's error body.
      const inArea = calls.filter((c) => areaOf(c.path) === area);
      const publicCalls = inArea.filter((c) => c.permission === 'public').map((c) => c.path);
      const reason =
        `Calls under /api/${area}/ are authorized per call by the handler: ` +
        (publicCalls.length
          ? `${publicCalls.join(', ')} ${publicCalls.length === 1 ? 'is' : 'are'} public by design (e.g. registration and login); the others need a Cognito access token and, in a team, the call's permission (shared/permissions.ts).`
          : 'each needs a Cognito access token and, in a team, the call\'s permission (shared/permissions.ts), checked before any work.');
      this.addPostRoute(`/api/${area}/{proxy+}`, integration, reason);
    }

    // Stripe's Connect webhook: its own function (not a declared call: no token, a raw signed body), verified
    // by signature before anything is read (lambdas/events/stripe-webhook.ts).
    const webhook = new PlatformFunction(this, 'StripeWebhookFunction', {
      entry: 'lambdas/events/stripe-webhook.ts',
      service: 'stripe-webhook',
      environment,
      names,
    })
      .grantTable()
      // A paid or cancelled purchase's mails and workflows are the mail domain's reactions to its events and notices.
      .grantSecretRead(props.stripeSecretArn);
    this.functions['stripe-webhook'] = webhook;
    this.addPostRoute(
      STRIPE_WEBHOOK_PATH,
      new HttpLambdaIntegration('StripeWebhookIntegration', webhook.function),
      'Stripe calls the webhook without a token; every request is verified by its Stripe-Signature (HMAC with the webhook secret) before anything is read.',
    );

    // The web's Amplify userPoolEndpoint (lambdas/auth/cognito-proxy-handler.ts): Cognito's user pool API behind login
    // throttling. Not a declared call (Cognito's own protocol, no token); its role reaches only the throttle's counters
    // (the forwarded Cognito operations are unsigned public ones: no Cognito IAM).
    const cognitoProxy = new PlatformFunction(this, 'CognitoProxyFunction', {
      entry: 'lambdas/auth/cognito-proxy-handler.ts',
      service: 'cognito-proxy',
      environment,
      names,
    }).grantTableItems(LOGIN_THROTTLE_TABLE_ACTIONS, [LOGIN_FAILURE_KEY_PREFIX]);
    this.functions['cognito-proxy'] = cognitoProxy;
    this.addPostRoute(
      COGNITO_PROXY_PATH,
      new HttpLambdaIntegration('CognitoProxyIntegration', cognitoProxy.function),
      'Sign-in itself: Amplify calls Cognito’s public user pool API here before it has a token (InitiateAuth, RespondToAuthChallenge); calls that need one carry the Cognito access token in the body, which Cognito checks. Only the operations the web sends are forwarded.',
    );

    this.apiDomain = `${this.api.apiId}.execute-api.${Aws.REGION}.${Aws.URL_SUFFIX}`;
    new CfnOutput(this, 'ApiEndpoint', { value: this.api.apiEndpoint });
  }

  /** A `POST` route to `integration`; API Gateway does no authorization on it, for the reason given (cdk-nag APIG4). */
  private addPostRoute(path: string, integration: apigw.HttpRouteIntegration, whyNoAuthorizer: string): void {
    const [route] = this.api.addRoutes({ path, methods: [apigw.HttpMethod.POST], integration });
    if (!route) throw new Error(`No route was created for ${path}`);
    acknowledge(route, 'AwsSolutions-APIG4', whyNoAuthorizer);
  }
}

const pascal = (s: string) => s.replace(/(^|[-_])(\w)/g, (_m, _sep: string, c: string) => c.toUpperCase());
