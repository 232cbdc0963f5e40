import { Aws } from 'aws-cdk-lib';
import type { PlatformEnvironment } from './constructs/platform-function';
import { arns, type PlatformNames } from './names';
import type { PlatformSettings } from './settings';

/**
 * APP_ORIGIN cannot come from the web distribution: the web stack routes /api/* to the API, so the
 * API's functions naming the distribution would be a cycle. It comes from context `appOrigin`.
 */
export function appOrigin(settings: PlatformSettings): string {
  return settings.appOrigin ?? `https://${settings.mailFromDomain}`;
}

/** The user pool's Cognito domain prefix (globally unique per region: the stage's prefix and the account). */
export const authDomainPrefix = (settings: PlatformSettings): string => `${settings.prefix}-${Aws.ACCOUNT_ID}`;

/** The user pool domain's managed login (federated sign-in): the functions' FEDERATION_BASE_URL and a CSP origin of the web. */
export const federationBaseUrl = (settings: PlatformSettings): string => `https://${authDomainPrefix(settings)}.auth.${Aws.REGION}.amazoncognito.com`;

/** The environment every function gets, from fixed names plus the user pool's generated ids. */
export function platformEnvironment(
  settings: PlatformSettings,
  names: PlatformNames,
  auth: { userPoolId: string; userPoolClientId: string },
): PlatformEnvironment {
  return {
    // Federated sign-in (issue 15): the user pool domain's managed login; Google's issuer for social login.
    FEDERATION_BASE_URL: federationBaseUrl(settings),
    GOOGLE_ISSUER: 'https://accounts.google.com',
    TABLE_NAME: names.table,
    USER_POOL_ID: auth.userPoolId,
    USER_POOL_CLIENT_ID: auth.userPoolClientId,
    UPLOADS_BUCKET: names.uploadsBucket,
    MEDIA_BUCKET: names.mediaBucket,
    MAIL_FROM: settings.mailFrom,
    MAIL_CONFIGURATION_SET: names.configurationSet,
    MAIL_SEND_RATE: String(settings.mailSendRate),
    APP_ORIGIN: appOrigin(settings),
    SCHEDULER_GROUP: names.scheduleGroup,
    SCHEDULER_ROLE_ARN: arns.role(names.schedulerRole),
    SCHEDULER_TARGET_ARN: arns.scheduledJobFunction(names),
    MEDIACONVERT_ROLE_ARN: arns.role(names.mediaConvertRole),
    MEDIACONVERT_QUEUE_ARN: arns.mediaConvertQueue(names),
  };
}
