import { describe, expect, it } from 'vitest';
import { awsRequestsOf } from '../../../lambdas/platform/aws-calls';

const table = 'arn:aws:dynamodb:ap-northeast-1:000000000000:table/t';

describe('the IAM requests an AWS SDK command is authorized as (grant evidence)', () => {
  it('a transaction is each of its items’ actions, with the partition keys IAM conditions see', () => {
    const requests = awsRequestsOf('DynamoDBClient', 'TransactWriteItemsCommand', {
      TransactItems: [
        { Put: { TableName: 't', Item: { pk: 'T#1', sk: 'a' } } },
        { ConditionCheck: { TableName: 't', Key: { pk: { S: 'T#2' }, sk: { S: 'b' } } } },
      ],
    });
    expect(requests).toEqual([
      { action: 'dynamodb:PutItem', resource: table, conditionKeys: { 'dynamodb:LeadingKeys': ['T#1'] } },
      { action: 'dynamodb:ConditionCheckItem', resource: table, conditionKeys: { 'dynamodb:LeadingKeys': ['T#2'] } },
    ]);
  });

  it('a query of an index is on the index’s ARN', () => {
    expect(awsRequestsOf('DynamoDBClient', 'QueryCommand', { TableName: 't', IndexName: 'gsi1' })).toEqual([{ action: 'dynamodb:Query', resource: `${table}/index/gsi1` }]);
  });

  it('multipart parts are PutObject on the object; a listing is ListBucket on the bucket', () => {
    expect(awsRequestsOf('S3Client', 'UploadPartCommand', { Bucket: 'b', Key: 'T/1/v.mp4' })).toEqual([{ action: 's3:PutObject', resource: 'arn:aws:s3:::b/T/1/v.mp4' }]);
    expect(awsRequestsOf('S3Client', 'ListObjectsV2Command', { Bucket: 'b', Prefix: 'T/1/' })).toEqual([{ action: 's3:ListBucket', resource: 'arn:aws:s3:::b' }]);
  });

  it('SES sending is on the From domain’s identity and the configuration set', () => {
    expect(awsRequestsOf('SESClient', 'SendEmailCommand', { Source: '"Demo" <no-reply@example.com>', ConfigurationSetName: 'mvp-dev' })).toEqual([
      { action: 'ses:SendEmail', resource: 'arn:aws:ses:ap-northeast-1:000000000000:identity/example.com' },
      { action: 'ses:SendEmail', resource: 'arn:aws:ses:ap-northeast-1:000000000000:configuration-set/mvp-dev' },
    ]);
  });

  it('a schedule passes the Scheduler role to the scheduler service', () => {
    expect(awsRequestsOf('SchedulerClient', 'CreateScheduleCommand', { Name: 'j1', GroupName: 'g', Target: { RoleArn: 'arn:aws:iam::000000000000:role/r' } })).toEqual([
      { action: 'scheduler:CreateSchedule', resource: 'arn:aws:scheduler:ap-northeast-1:000000000000:schedule/g/j1' },
      { action: 'iam:PassRole', resource: 'arn:aws:iam::000000000000:role/r', conditionKeys: { 'iam:PassedToService': ['scheduler.amazonaws.com'] } },
    ]);
  });
});
