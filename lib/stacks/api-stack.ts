import { Annotations, CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { domains } from '../../shared/api/define';
import { allCalls } from '../../shared/api/registry';
import { acknowledge } from '../constructs/nag';
import { PlatformFunction, type PlatformEnvironment } from '../constructs/platform-function';
import type { PlatformNames } from '../names';
import type { PlatformSettings } from '../settings';

type Grant = 'cognito' | 'mail' | 'schedules' | 'uploads' | 'media' | 'transcode' | 'playback';

/**
 * What each domain's function may touch besides the table (DESIGN §2's domains, including those not
 * written yet). A domain missing here gets the table only, and synth warns.
 */
export const DOMAIN_GRANTS: Readonly<Record<string, readonly Grant[]>> = {
  teams: ['cognito', 'mail'],
  auth: ['cognito', 'mail'],
  content: ['uploads', 'media', 'playback'],
  media: ['uploads', 'media', 'transcode', 'playback'],
  members: ['cognito', 'mail', 'uploads'],
  invites: ['cognito', 'mail'],
  engagement: [],
  mail: ['mail', 'schedules'],
  workflows: ['mail', 'schedules'],
  billing: ['mail'],
  plans: [],
  analytics: [],
  settings: ['cognito', 'uploads', 'media'],
};

/** Stage-wide limits; API Gateway answers 429 above them (DESIGN §3). */
export const API_THROTTLE = { rateLimit: 500, burstLimit: 1000 };

export interface ApiStackProps extends StackProps {
  settings: PlatformSettings;
  names: PlatformNames;
  environment: PlatformEnvironment;
  userPoolArn: string;
}

/** The HTTP API: one function per domain, one `POST /api<path>` route per declared call. */
export class ApiStack extends Stack {
  readonly api: apigw.HttpApi;
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

    const integrations = new Map<string, HttpLambdaIntegration>();
    for (const domain of domains) {
      const grants = DOMAIN_GRANTS[domain];
      if (!grants) {
        Annotations.of(this).addWarningV2(
          'platform:domainGrants',
          `Domain "${domain}" has no entry in DOMAIN_GRANTS (lib/stacks/api-stack.ts): its function gets the table only.`,
        );
      }
      const fn = new PlatformFunction(this, `${pascal(domain)}Function`, {
        entry: `lambdas/${domain}/handler.ts`,
        service: domain,
        environment,
        names,
      }).grantTable();
      for (const grant of grants ?? []) {
        if (grant === 'cognito') fn.grantCognitoAdmin(props.userPoolArn);
        if (grant === 'mail') fn.grantSendMail(settings.mailFromDomain);
        if (grant === 'schedules') fn.grantSchedules();
        if (grant === 'uploads') fn.grantBucket(names.uploadsBucket, 'readWrite');
        if (grant === 'media') fn.grantBucket(names.mediaBucket, 'readWrite');
        if (grant === 'transcode') fn.grantTranscode();
        if (grant === 'playback') fn.grantSecretRead(settings.mediaPrivateKeySecretName);
      }
      this.functions[domain] = fn;
      // One integration and one invoke permission per function: a permission per route would outgrow
      // the 20 KB Lambda resource policy once the product's few hundred calls exist.
      integrations.set(domain, new HttpLambdaIntegration(`${pascal(domain)}Integration`, fn.function, { scopePermissionToRoute: false }));
    }

    for (const call of allCalls) {
      const integration = integrations.get(call.domain);
      if (!integration) throw new Error(`Call ${call.path} names domain "${call.domain}", which has no function`);
      const [route] = this.api.addRoutes({ path: `/api${call.path}`, methods: [apigw.HttpMethod.POST], integration });
      if (!route) throw new Error(`No route was created for ${call.path}`);
      // Authorization happens in the handler, the same code the local gateway runs (DESIGN §3): it verifies
      // the Cognito access token and the caller's team role, and answers 401/403 with the platform's error body.
      const reason =
        call.permission === 'public'
          ? `${call.path} is a public call (no sign-in by design, e.g. registration and login).`
          : `${call.path} requires a Cognito access token, verified by the handler together with the caller's team role before any work.`;
      acknowledge(route, 'AwsSolutions-APIG4', reason);
    }

    new CfnOutput(this, 'ApiEndpoint', { value: this.api.apiEndpoint });
  }
}

const pascal = (s: string) => s.replace(/(^|[-_])(\w)/g, (_m, _sep: string, c: string) => c.toUpperCase());
