import { Aws, Duration, type Stack } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import type * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as sns from 'aws-cdk-lib/aws-sns';
import type { Construct } from 'constructs';
import { tableSchema } from '../../lambdas/platform/table-schema';
import { arns, type PlatformNames } from '../names';
import type { PlatformSettings } from '../settings';
import { PlatformFunction } from './platform-function';

/** Every alarm looks at 5-minute sums and fires on the first bad one: a 5xx, an error, a throttle or a failed event is a bug. */
const PERIOD = Duration.minutes(5);

export interface AlarmScope {
  settings: PlatformSettings;
  names: PlatformNames;
  /** Holds the table and, without `alarmTopicArn`, the topic. */
  data: Stack & { table: dynamodb.Table };
  api: Stack & { api: apigw.HttpApi };
  /** Every stack: each PlatformFunction found in them gets its alarms where it lives. */
  stacks: Stack[];
}

/** The topic the alarms notify: context `alarmTopicArn`, else `<prefix>-alarms`, created in the data stack. */
function createTopic(scope: AlarmScope): void {
  const { settings, names, data } = scope;
  if (settings.alarmTopicArn) return;
  const topic = new sns.Topic(data, 'AlarmTopic', { topicName: names.alarmTopic, displayName: `${settings.prefix} alarms`, enforceSSL: true });
  topic.addToResourcePolicy(
    new iam.PolicyStatement({
      sid: 'CloudWatchAlarmsOfThisApp',
      principals: [new iam.ServicePrincipal('cloudwatch.amazonaws.com')],
      actions: ['sns:Publish'],
      resources: [topic.topicArn],
      conditions: {
        StringEquals: { 'aws:SourceAccount': Aws.ACCOUNT_ID },
        ArnLike: { 'aws:SourceArn': `arn:${Aws.PARTITION}:cloudwatch:${Aws.REGION}:${Aws.ACCOUNT_ID}:alarm:${settings.prefix}-*` },
      },
    }),
  );
}

/**
 * CloudWatch alarms to the topic: API 5xx, each platform Lambda's errors and throttles, each failure queue's
 * depth (the DLQs of the asynchronous triggers), and DynamoDB throttles of the table and every index. Functions
 * and queues are found in the stacks, so a new domain's function is alarmed the day it is added.
 */
export function addPlatformAlarms(scope: AlarmScope): void {
  const { settings, names } = scope;
  createTopic(scope);
  const topicArn = settings.alarmTopicArn ?? arns.alarmTopic(names);
  const topics = new Map<Stack, sns.ITopic>();
  const topicIn = (stack: Stack) => {
    let topic = topics.get(stack);
    if (!topic) topics.set(stack, (topic = sns.Topic.fromTopicArn(stack, 'AlarmTopicRef', topicArn)));
    return topic;
  };
  const alarm = (owner: Construct, stack: Stack, id: string, name: string, description: string, metric: cloudwatch.IMetric) => {
    const created = new cloudwatch.Alarm(owner, id, {
      alarmName: `${settings.prefix}-${name}`,
      alarmDescription: description,
      metric,
      threshold: 1,
      evaluationPeriods: 1,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });
    created.addAlarmAction(new actions.SnsAction(topicIn(stack)));
    return created;
  };

  for (const stack of scope.stacks) {
    for (const fn of stack.node.findAll().filter((c): c is PlatformFunction => c instanceof PlatformFunction)) {
      const label = fn.node.id.replace(/Function$/, '');
      alarm(fn, stack, 'ErrorsAlarm', `${label}-errors`, `${label}: Lambda errors`, fn.function.metricErrors({ period: PERIOD, statistic: 'Sum' }));
      alarm(fn, stack, 'ThrottlesAlarm', `${label}-throttles`, `${label}: Lambda throttles`, fn.function.metricThrottles({ period: PERIOD, statistic: 'Sum' }));
      if (fn.failureQueue) {
        alarm(
          fn,
          stack,
          'FailuresAlarm',
          `${label}-dlq`,
          `${label}: events that failed every retry wait in its dead-letter queue`,
          fn.failureQueue.metricApproximateNumberOfMessagesVisible({ period: PERIOD, statistic: 'Maximum' }),
        );
      }
    }
  }

  const { api } = scope;
  alarm(api, api, 'Api5xxAlarm', 'api-5xx', 'HTTP API answered 5xx (a 500 is always a bug)', api.api.metricServerError({ period: PERIOD, statistic: 'Sum' }));

  // One alarm for reads and one for writes, each over the table and every index (an alarm takes up to 10 metrics).
  const { data } = scope;
  const targets = [undefined, ...tableSchema.indexes.map((i) => i.name)];
  for (const [kind, metricName] of [['read', 'ReadThrottleEvents'], ['write', 'WriteThrottleEvents']] as const) {
    const usingMetrics = Object.fromEntries(
      targets.map((index, i) => [
        `m${i}`,
        new cloudwatch.Metric({
          namespace: 'AWS/DynamoDB',
          metricName,
          dimensionsMap: { TableName: data.table.tableName, ...(index ? { GlobalSecondaryIndexName: index } : {}) },
          period: PERIOD,
          statistic: 'Sum',
        }),
      ]),
    );
    alarm(
      data,
      data,
      `Table${kind === 'read' ? 'Read' : 'Write'}ThrottlesAlarm`,
      `dynamodb-${kind}-throttles`,
      `DynamoDB throttled ${kind}s on the table or an index`,
      new cloudwatch.MathExpression({ expression: 'SUM(METRICS())', usingMetrics, period: PERIOD, label: `${kind} throttle events` }),
    );
  }
}
