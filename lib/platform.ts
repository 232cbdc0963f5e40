import { Annotations, type App, type Stack, Tags, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { platformEnvironment } from './environment';
import { platformNames, type PlatformNames } from './names';
import { readSettings, type PlatformSettings } from './settings';
import { ApiStack } from './stacks/api-stack';
import { AuthStack } from './stacks/auth-stack';
import { addPlatformAlarms } from './constructs/alarms';
import { DataStack } from './stacks/data-stack';
import { EDGE_REGION, EdgeStack, webAclParameterName } from './stacks/edge-stack';
import { MailStack } from './stacks/mail-stack';
import { MediaStack } from './stacks/media-stack';
import { WebStack } from './stacks/web-stack';

export interface Platform {
  settings: PlatformSettings;
  names: PlatformNames;
  data: DataStack;
  auth: AuthStack;
  mail: MailStack;
  media: MediaStack;
  api: ApiStack;
  web: WebStack;
  edge: EdgeStack;
  stacks: Stack[];
}

/**
 * The whole platform in one app, deployed in this order: data -> auth -> mail -> media -> api -> web.
 * Shared resources have fixed names (names.ts), so explicit dependencies keep that order where no
 * token reference implies it.
 */
export function definePlatform(app: App): Platform {
  const settings = readSettings(app);
  const names = platformNames(settings);
  const tags = { app: settings.appName, stage: settings.stage };
  const common = (part: string) => ({
    stackName: `${settings.prefix}-${part}`,
    env: settings.env,
    tags,
    description: `${settings.appName} ${settings.stage}: ${part}`,
  });

  const data = new DataStack(app, `${settings.prefix}-data`, { ...common('data'), settings, names });
  const auth = new AuthStack(app, `${settings.prefix}-auth`, { ...common('auth'), settings });
  const environment = platformEnvironment(settings, names, {
    userPoolId: auth.userPool.userPoolId,
    userPoolClientId: auth.userPoolClient.userPoolClientId,
  });
  const mail = new MailStack(app, `${settings.prefix}-mail`, { ...common('mail'), settings, names, environment });
  const media = new MediaStack(app, `${settings.prefix}-media`, { ...common('media'), settings, names, environment });
  const api = new ApiStack(app, `${settings.prefix}-api`, {
    ...common('api'),
    settings,
    names,
    userPoolArn: auth.userPool.userPoolArn,
    mediaPrivateKeySecretArn: data.mediaCookieKey.secretArn,
    stripeSecretArn: data.stripeKeys.secretArn,
    tableStreamArn: data.table.tableStreamArn!,
    environment: {
      ...environment,
      MEDIA_DOMAIN: media.mediaDomain,
      MEDIA_KEY_PAIR_ID: media.publicKey.publicKeyId,
      MEDIA_PRIVATE_KEY_SECRET: data.mediaCookieKey.secretArn,
      STRIPE_SECRET_ARN: data.stripeKeys.secretArn,
    },
  });
  // The WAF web ACL of the web distribution: CLOUDFRONT scope exists only in us-east-1 (edge-stack.ts).
  const edge = new EdgeStack(app, `${settings.prefix}-edge`, {
    ...common('edge'),
    env: { account: settings.env?.account, region: EDGE_REGION },
    settings,
  });
  const web = new WebStack(app, `${settings.prefix}-web`, {
    ...common('web'),
    webAclParameter: { name: webAclParameterName(settings), region: EDGE_REGION, fingerprint: edge.webAclFingerprint },
    settings,
    names,
    apiDomain: api.apiDomain,
    userPoolId: auth.userPool.userPoolId,
    userPoolClientId: auth.userPoolClient.userPoolClientId,
    mediaDomain: media.mediaDomain,
  });

  mail.addStackDependency(data, 'table, buckets');
  media.addStackDependency(data, 'uploads and media buckets, logs bucket');
  media.addStackDependency(mail, 'configuration set and scheduler named in every function environment');
  api.addStackDependency(data, 'table and buckets');
  api.addStackDependency(mail, 'configuration set, schedule group and scheduler role');
  api.addStackDependency(media, 'MediaConvert role and queue');
  web.addStackDependency(data, 'logs bucket and uploads bucket named in the CSP');
  web.addStackDependency(edge, 'the web ACL, whose ARN it reads from the edge stack’s SSM parameter');
  addPlatformAlarms({ settings, names, data, api, stacks: [data, auth, mail, media, api, web] });

  if (!settings.appOrigin) {
    Annotations.of(api).addInfo(
      `No appOrigin: links in mail use https://${settings.mailFromDomain} and upload/media CORS admit any origin without cookies; pass -c appOrigin=https://<app domain>.`,
    );
  }

  for (const [k, v] of Object.entries(tags)) Tags.of(app).add(k, v);
  // cdk-nag v3 is a validation plugin: synth fails on any unacknowledged AwsSolutions error.
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { writeSuppressionsToCloudFormation: true }));

  return { settings, names, data, auth, mail, media, api, web, edge, stacks: [data, auth, mail, media, api, edge, web] };
}
