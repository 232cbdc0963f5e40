import {
  CreateTableCommand,
  UpdateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  UpdateTimeToLiveCommand,
  waitUntilTableExists,
} from '@aws-sdk/client-dynamodb';
import {
  CognitoIdentityProviderClient,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  ListUserPoolClientsCommand,
  ListUserPoolsCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { CreateBucketCommand, HeadBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { tableSchema } from '../lambdas/platform/table-schema';
import { localCredentials, localS3Credentials } from '../lambdas/platform/config';

const region = 'ap-northeast-1';
export const LOCAL_TABLE = 'platform';
export const LOCAL_BUCKETS = { uploads: 'platform-uploads', media: 'platform-media' };
const POOL_NAME = 'platform';
const CLIENT_NAME = 'web';

const attr = (name: string) => ({ AttributeName: name, AttributeType: 'S' as const });
const indexOf = (i: (typeof tableSchema.indexes)[number]) => ({
  IndexName: i.name,
  KeySchema: [
    { AttributeName: i.partitionKey, KeyType: 'HASH' as const },
    { AttributeName: i.sortKey, KeyType: 'RANGE' as const },
  ],
  Projection: { ProjectionType: 'ALL' as const },
});

/** New and old images, as lib/stacks/data-stack.ts declares the AWS table's stream. */
const TABLE_STREAM = { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' as const };

/**
 * Creates the table if it does not exist. An existing one (data kept from an earlier start) is reused, and gets
 * the indexes added to tableSchema since it was made, one at a time as DynamoDB allows.
 */
export async function ensureTable(endpoint: string, tableName = LOCAL_TABLE): Promise<{ addedIndexes: string[]; created: boolean }> {
  const ddb = new DynamoDBClient({ region, endpoint, credentials: localCredentials });
  try {
    const { Table } = await ddb.send(new DescribeTableCommand({ TableName: tableName }));
    // The stream the domains' reactions read (as the AWS table's): a table kept from before it was added gets it now.
    if (!Table?.StreamSpecification?.StreamEnabled) {
      await ddb.send(new UpdateTableCommand({ TableName: tableName, StreamSpecification: TABLE_STREAM }));
      await waitUntilTableExists({ client: ddb, maxWaitTime: 60 }, { TableName: tableName });
    }
    const existing = new Set((Table?.GlobalSecondaryIndexes ?? []).map((i) => i.IndexName));
    const missing = tableSchema.indexes.filter((i) => !existing.has(i.name));
    for (const index of missing) {
      await ddb.send(
        new UpdateTableCommand({
          TableName: tableName,
          AttributeDefinitions: [attr(index.partitionKey), attr(index.sortKey)],
          GlobalSecondaryIndexUpdates: [{ Create: indexOf(index) }],
        }),
      );
      await waitUntilTableExists({ client: ddb, maxWaitTime: 60 }, { TableName: tableName });
    }
    return { addedIndexes: missing.map((i) => i.name), created: false };
  } catch (e) {
    if (!(e instanceof Error && e.name === 'ResourceNotFoundException')) throw e;
  }
  await ddb.send(
    new CreateTableCommand({
      TableName: tableName,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [
        attr(tableSchema.partitionKey),
        attr(tableSchema.sortKey),
        ...tableSchema.indexes.flatMap((i) => [attr(i.partitionKey), attr(i.sortKey)]),
      ],
      KeySchema: [
        { AttributeName: tableSchema.partitionKey, KeyType: 'HASH' },
        { AttributeName: tableSchema.sortKey, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: tableSchema.indexes.map(indexOf),
      StreamSpecification: TABLE_STREAM,
    }),
  );
  await waitUntilTableExists({ client: ddb, maxWaitTime: 30 }, { TableName: tableName });
  await ddb.send(
    new UpdateTimeToLiveCommand({
      TableName: tableName,
      TimeToLiveSpecification: { AttributeName: tableSchema.ttlAttribute, Enabled: true },
    }),
  );
  return { addedIndexes: [], created: true };
}

/**
 * Finds or creates the user pool and its web app client (SPEC: e-mail sign-in, password of 6+). Sign-in names are
 * compared ignoring case, as the AWS pool's `signInCaseSensitive: false` (cognito-local honours it through
 * local/cognito-sign-in-case.mjs). Like Cognito's, the setting is fixed when the pool is made: a pool kept from an
 * earlier start without it stays exact (the web and API send the normalized address anyway; `npm run reset` remakes it).
 */
export async function ensureUserPool(endpoint: string): Promise<{ userPoolId: string; userPoolClientId: string }> {
  const cognito = new CognitoIdentityProviderClient({ region, endpoint, credentials: localCredentials });
  const pools = await cognito.send(new ListUserPoolsCommand({ MaxResults: 60 }));
  let userPoolId = pools.UserPools?.find((p) => p.Name === POOL_NAME)?.Id;
  if (!userPoolId) {
    const created = await cognito.send(
      new CreateUserPoolCommand({
        PoolName: POOL_NAME,
        UsernameAttributes: ['email'],
        UsernameConfiguration: { CaseSensitive: false },
        MfaConfiguration: 'OPTIONAL',
        Policies: {
          PasswordPolicy: {
            MinimumLength: 6,
            RequireLowercase: false,
            RequireUppercase: false,
            RequireNumbers: false,
            RequireSymbols: false,
          },
        },
      }),
    );
    userPoolId = created.UserPool!.Id!;
  }
  const clients = await cognito.send(new ListUserPoolClientsCommand({ UserPoolId: userPoolId, MaxResults: 60 }));
  let userPoolClientId = clients.UserPoolClients?.find((c) => c.ClientName === CLIENT_NAME)?.ClientId;
  if (!userPoolClientId) {
    const created = await cognito.send(
      new CreateUserPoolClientCommand({
        UserPoolId: userPoolId,
        ClientName: CLIENT_NAME,
        ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      }),
    );
    userPoolClientId = created.UserPoolClient!.ClientId!;
  }
  return { userPoolId, userPoolClientId };
}

/** The buckets, by default the local ones (assembly mode names those of the synthesized stage). */
export async function ensureBuckets(endpoint: string, buckets: readonly string[] = Object.values(LOCAL_BUCKETS)): Promise<void> {
  const s3 = new S3Client({ region, endpoint, credentials: localS3Credentials, forcePathStyle: true });
  for (const bucket of buckets) {
    try {
      await s3.send(new HeadBucketCommand({ Bucket: bucket }));
    } catch {
      await s3.send(new CreateBucketCommand({ Bucket: bucket }));
    }
  }
}
