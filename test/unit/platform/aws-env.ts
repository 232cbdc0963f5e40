// The AWS adapters read platformConfig() (memoized per test file), so the environment is set before any call.
Object.assign(process.env, {
  PLATFORM: 'aws',
  AWS_REGION: 'ap-northeast-1',
  TABLE_NAME: 'platform-table',
  USER_POOL_ID: 'ap-northeast-1_pool',
  USER_POOL_CLIENT_ID: 'web-client',
  UPLOADS_BUCKET: 'acme-uploads',
  MEDIA_BUCKET: 'acme-media',
  MAIL_FROM: 'no-reply@mail.example.com',
  MAIL_CONFIGURATION_SET: 'platform-events',
  SCHEDULER_GROUP: 'platform-jobs',
  SCHEDULER_ROLE_ARN: 'arn:aws:iam::123456789012:role/scheduler-invoke',
  SCHEDULER_TARGET_ARN: 'arn:aws:lambda:ap-northeast-1:123456789012:function:scheduled-job',
  MEDIACONVERT_ROLE_ARN: 'arn:aws:iam::123456789012:role/mediaconvert',
  MEDIACONVERT_ENDPOINT: 'https://mediaconvert.ap-northeast-1.amazonaws.com',
  MEDIACONVERT_QUEUE_ARN: 'arn:aws:mediaconvert:ap-northeast-1:123456789012:queues/Default',
});
