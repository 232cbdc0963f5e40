import { Aws } from 'aws-cdk-lib';
import { tableSchema } from '../lambdas/platform/table-schema';
import type { PlatformSettings } from './settings';

/**
 * Physical names of the shared resources, fixed from settings. Stacks create resources with these names
 * and consumers build ARNs from them instead of importing tokens: every Lambda gets the full environment
 * whichever stack it lives in, and wildcard ARNs resolve at synth time to the exact strings cdk-nag
 * reports, so each IAM5 acknowledgement names its finding.
 */
export interface PlatformNames {
  table: string;
  uploadsBucket: string;
  mediaBucket: string;
  logsBucket: string;
  configurationSet: string;
  scheduleGroup: string;
  schedulerRole: string;
  scheduledJobFunction: string;
  mediaConvertRole: string;
  mediaConvertQueue: string;
  /** The alarms' SNS topic when the data stack creates it (no `alarmTopicArn` context). */
  alarmTopic: string;
}

export function platformNames(s: PlatformSettings): PlatformNames {
  // Bucket names are global: account and region make them unique without a random suffix.
  const bucket = (kind: string) => `${s.prefix}-${kind}-${Aws.ACCOUNT_ID}-${Aws.REGION}`;
  return {
    table: `${s.prefix}-platform`,
    uploadsBucket: bucket('uploads'),
    mediaBucket: bucket('media'),
    logsBucket: bucket('logs'),
    configurationSet: s.prefix,
    scheduleGroup: s.prefix,
    // IAM is global: the region keeps two regional deployments of one stage apart.
    schedulerRole: `${s.prefix}-scheduler-${Aws.REGION}`,
    scheduledJobFunction: `${s.prefix}-scheduled-job`,
    mediaConvertRole: `${s.prefix}-mediaconvert-${Aws.REGION}`,
    mediaConvertQueue: s.prefix,
    alarmTopic: `${s.prefix}-alarms`,
  };
}

const arn = (service: string, resource: string, region = Aws.REGION) =>
  `arn:${Aws.PARTITION}:${service}:${region}:${Aws.ACCOUNT_ID}:${resource}`;

export const arns = {
  table: (n: PlatformNames) => arn('dynamodb', `table/${n.table}`),
  tableIndexes: (n: PlatformNames) => tableSchema.indexes.map((i) => arn('dynamodb', `table/${n.table}/index/${i.name}`)),
  bucket: (name: string) => `arn:${Aws.PARTITION}:s3:::${name}`,
  objects: (name: string) => `arn:${Aws.PARTITION}:s3:::${name}/*`,
  role: (name: string) => `arn:${Aws.PARTITION}:iam::${Aws.ACCOUNT_ID}:role/${name}`,
  sesIdentity: (identity: string) => arn('ses', `identity/${identity}`),
  configurationSet: (n: PlatformNames) => arn('ses', `configuration-set/${n.configurationSet}`),
  scheduleGroup: (n: PlatformNames) => arn('scheduler', `schedule-group/${n.scheduleGroup}`),
  schedules: (n: PlatformNames) => arn('scheduler', `schedule/${n.scheduleGroup}/*`),
  scheduledJobFunction: (n: PlatformNames) => arn('lambda', `function:${n.scheduledJobFunction}`),
  mediaConvertQueue: (n: PlatformNames) => arn('mediaconvert', `queues/${n.mediaConvertQueue}`),
  mediaConvertJobs: () => arn('mediaconvert', 'jobs/*'),
  alarmTopic: (n: PlatformNames) => arn('sns', n.alarmTopic),
};
