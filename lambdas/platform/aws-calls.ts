import { appendFileSync } from 'node:fs';
import { tableSchema } from './table-schema';

/**
 * Evidence of what a function asks of AWS. When `AWS_CALL_LOG` names a file (the local platform in assembly mode sets it
 * for each function it hosts), every AWS SDK request of a port passes `recordAwsCalls`'s middleware and is appended there
 * as the IAM action and resource ARN that AWS authorizes, with the function's name. Ports whose local adapter stands
 * in without an SDK request (the scheduler, the transcoder, the secrets) record the request the AWS adapter would
 * send through `recordAwsCall`. test/grants/ evaluates the log against each function's synthesized role. In AWS the
 * variable is never set and nothing is recorded.
 */
export interface AwsCallRecord {
  function: string;
  /** `service:Action` as IAM names it. */
  action: string;
  resource: string;
  /** Condition keys the request carries that a policy may test (`dynamodb:LeadingKeys`). */
  conditionKeys?: Record<string, string[]>;
}

/** Locally there is no account: ARNs built here and the templates' `AWS::AccountId` resolve to this one. */
export const LOCAL_ACCOUNT_ID = '000000000000';

const region = () => process.env.AWS_REGION ?? 'ap-northeast-1';
const arn = (service: string, resource: string) => `arn:aws:${service}:${region()}:${LOCAL_ACCOUNT_ID}:${resource}`;

export function recordAwsCall(action: string, resource: string, conditionKeys?: AwsCallRecord['conditionKeys']): void {
  const file = process.env.AWS_CALL_LOG;
  const fn = process.env.AWS_LAMBDA_FUNCTION_NAME;
  // Only a function's requests are evidence of its grants (the local platform's own work, seeding, is not).
  if (!file || !fn) return;
  const record: AwsCallRecord = { function: fn, action, resource, ...(conditionKeys ? { conditionKeys } : {}) };
  // One short line per write: appends of a line are atomic enough for the workers sharing the file.
  appendFileSync(file, `${JSON.stringify(record)}\n`);
}

type Input = Record<string, unknown>;
type Request = { action: string; resource: string; conditionKeys?: AwsCallRecord['conditionKeys'] };

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
/** A key attribute, marshalled (`{ S: 'x' }`) or not. */
const keyValue = (v: unknown): string => (typeof v === 'string' ? v : str((v as { S?: unknown } | undefined)?.S));

/** DynamoDB: the table (or index) and, for item requests, the partition keys IAM's `dynamodb:LeadingKeys` sees. */
function dynamodb(command: string, input: Input): Request[] {
  const table = (name: unknown, index?: unknown) => arn('dynamodb', `table/${str(name)}${index ? `/index/${str(index)}` : ''}`);
  const leading = (...items: unknown[]) => ({
    'dynamodb:LeadingKeys': items.map((i) => keyValue((i as Input | undefined)?.[tableSchema.partitionKey])),
  });
  const item = (action: string, tableName: unknown, key: unknown): Request => ({ action: `dynamodb:${action}`, resource: table(tableName), conditionKeys: leading(key) });
  switch (command) {
    case 'GetItem':
    case 'DeleteItem':
    case 'UpdateItem':
      return [item(command, input.TableName, input.Key)];
    case 'PutItem':
      return [item(command, input.TableName, input.Item)];
    case 'Query':
    case 'Scan':
      return [{ action: `dynamodb:${command}`, resource: table(input.TableName, input.IndexName) }];
    case 'BatchGetItem':
      return Object.entries((input.RequestItems ?? {}) as Record<string, { Keys?: unknown[] }>).map(([name, r]) => ({
        action: 'dynamodb:BatchGetItem',
        resource: table(name),
        conditionKeys: leading(...(r.Keys ?? [])),
      }));
    case 'BatchWriteItem':
      return Object.entries((input.RequestItems ?? {}) as Record<string, { PutRequest?: { Item: unknown }; DeleteRequest?: { Key: unknown } }[]>).map(
        ([name, writes]) => ({
          action: 'dynamodb:BatchWriteItem',
          resource: table(name),
          conditionKeys: leading(...writes.map((w) => w.PutRequest?.Item ?? w.DeleteRequest?.Key)),
        }),
      );
    case 'TransactWriteItems':
      // IAM authorizes a transaction by the action of each of its items.
      return ((input.TransactItems ?? []) as Record<string, { TableName?: unknown; Key?: unknown; Item?: unknown }>[]).flatMap((t) =>
        Object.entries(t).map(([kind, op]) => {
          const action = { Put: 'PutItem', Update: 'UpdateItem', Delete: 'DeleteItem', ConditionCheck: 'ConditionCheckItem' }[kind] ?? kind;
          return item(action, op.TableName, op.Item ?? op.Key);
        }),
      );
    case 'TransactGetItems':
      return ((input.TransactItems ?? []) as { Get?: { TableName?: unknown; Key?: unknown } }[]).map((t) => item('GetItem', t.Get?.TableName, t.Get?.Key));
    default:
      return [{ action: `dynamodb:${command}`, resource: table(input.TableName) }];
  }
}

/** S3: the object actions IAM names for each API operation (multipart parts are PutObject). */
function s3(command: string, input: Input): Request[] {
  const bucket = `arn:aws:s3:::${str(input.Bucket)}`;
  const object = `${bucket}/${str(input.Key)}`;
  const objectActions: Record<string, string> = {
    GetObject: 's3:GetObject',
    HeadObject: 's3:GetObject',
    PutObject: 's3:PutObject',
    CreateMultipartUpload: 's3:PutObject',
    UploadPart: 's3:PutObject',
    CompleteMultipartUpload: 's3:PutObject',
    AbortMultipartUpload: 's3:AbortMultipartUpload',
    ListParts: 's3:ListMultipartUploadParts',
    DeleteObject: 's3:DeleteObject',
  };
  if (objectActions[command]) return [{ action: objectActions[command], resource: object }];
  if (command === 'DeleteObjects') {
    const keys = ((input.Delete as { Objects?: { Key?: string }[] } | undefined)?.Objects ?? []).map((o) => str(o.Key));
    return keys.map((k) => ({ action: 's3:DeleteObject', resource: `${bucket}/${k}` }));
  }
  if (command === 'CopyObject') {
    return [
      { action: 's3:GetObject', resource: `arn:aws:s3:::${decodeURIComponent(str(input.CopySource))}` },
      { action: 's3:PutObject', resource: object },
    ];
  }
  if (command === 'ListObjectsV2' || command === 'ListObjects' || command === 'HeadBucket') return [{ action: 's3:ListBucket', resource: bucket }];
  return [{ action: `s3:${command}`, resource: bucket }];
}

/** SES v1 SendEmail: authorized on the sending identity (the From address's domain) and the configuration set. */
function ses(command: string, input: Input): Request[] {
  if (command !== 'SendEmail' && command !== 'SendRawEmail') return [{ action: `ses:${command}`, resource: '*' }];
  const from = /<([^>]+)>\s*$/.exec(str(input.Source))?.[1] ?? str(input.Source);
  const domain = from.split('@')[1] ?? from;
  const requests = [{ action: `ses:${command}`, resource: arn('ses', `identity/${domain}`) }];
  if (input.ConfigurationSetName) requests.push({ action: `ses:${command}`, resource: arn('ses', `configuration-set/${str(input.ConfigurationSetName)}`) });
  return requests;
}

/**
 * Cognito authorizes by IAM only the operations that name a user pool (Admin*, providers, clients); the public ones a
 * user's client sends (InitiateAuth, ForgotPassword …: a client id or an access token, no pool) need no grant.
 */
const cognito = (command: string, input: Input): Request[] =>
  input.UserPoolId ? [{ action: `cognito-idp:${command}`, resource: arn('cognito-idp', `userpool/${str(input.UserPoolId)}`) }] : [];

const scheduler = (command: string, input: Input): Request[] => {
  const requests: Request[] = [
    { action: `scheduler:${command}`, resource: arn('scheduler', `schedule/${str(input.GroupName) || 'default'}/${str(input.Name)}`) },
  ];
  const role = (input.Target as { RoleArn?: string } | undefined)?.RoleArn;
  if (role) requests.push(passRole(role, 'scheduler.amazonaws.com'));
  return requests;
};

const secretsManager = (command: string, input: Input): Request[] => [{ action: `secretsmanager:${command}`, resource: str(input.SecretId) }];

const mediaConvert = (command: string, input: Input): Request[] => {
  if (command !== 'CreateJob') return [{ action: `mediaconvert:${command}`, resource: '*' }];
  return [
    { action: 'mediaconvert:CreateJob', resource: str(input.Queue) },
    passRole(str(input.Role), 'mediaconvert.amazonaws.com'),
  ];
};

/** Passing a role to a service: IAM checks `iam:PassedToService`. */
export const passRole = (role: string, service: string): Request => ({ action: 'iam:PassRole', resource: role, conditionKeys: { 'iam:PassedToService': [service] } });

const services: Record<string, (command: string, input: Input) => Request[]> = {
  DynamoDBClient: dynamodb,
  S3Client: s3,
  SESClient: ses,
  CognitoIdentityProviderClient: cognito,
  SchedulerClient: scheduler,
  SecretsManagerClient: secretsManager,
  MediaConvertClient: mediaConvert,
};

/** What one SDK command asks of IAM (exported for the unit tests). */
export function awsRequestsOf(clientName: string, commandName: string, input: Input): Request[] {
  const describe = services[clientName];
  const command = commandName.replace(/Command$/, '');
  return describe ? describe(command, input) : [{ action: `${clientName}:${command}`, resource: '*' }];
}

interface MiddlewareClient {
  middlewareStack: {
    add(
      middleware: (next: (args: { input: object }) => Promise<unknown>, context: { clientName?: string; commandName?: string }) => (args: { input: object }) => Promise<unknown>,
      options: { step: 'initialize'; name: string },
    ): void;
  };
}

/**
 * Adds the recording middleware to a port's client (a no-op unless `AWS_CALL_LOG` is set). Presigned URLs pass it too:
 * the browser's upload is authorized as the function that signed it.
 */
export function recordAwsCalls<C>(client: C): C {
  if (!process.env.AWS_CALL_LOG || !process.env.AWS_LAMBDA_FUNCTION_NAME) return client;
  (client as MiddlewareClient).middlewareStack.add(
    (next, context) => async (args) => {
      for (const r of awsRequestsOf(context.clientName ?? '', context.commandName ?? '', args.input as Input)) {
        recordAwsCall(r.action, r.resource, r.conditionKeys);
      }
      return next(args);
    },
    { step: 'initialize', name: 'recordAwsCalls' },
  );
  return client;
}

/** The ARN of a schedule, as the scheduler's local stand-in records the request EventBridge Scheduler would get. */
export const scheduleArn = (group: string, name: string): string => arn('scheduler', `schedule/${group}/${name}`);
/** The ARN of a user pool, for ports whose local adapter does Cognito's work itself. */
export const userPoolArn = (userPoolId: string): string => arn('cognito-idp', `userpool/${userPoolId}`);
