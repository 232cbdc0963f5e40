import { type CfnResource, CustomResource, Duration } from 'aws-cdk-lib';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { REAPPLY_COMMANDS } from '../../lambdas/platform/federation/cognito-commands';
import { definitionFingerprint } from './fingerprint';
import { bundledCode, latestNodeRuntime } from './platform-function';

const ENTRY = 'lambdas/events/reapply-team-providers.ts';

export interface TeamProvidersReapplyProps {
  userPool: cognito.UserPool;
  client: cognito.UserPoolClient;
  /** The callbacks the settings domain adds to the client with a provider. */
  callbackUrls: string[];
}

/**
 * Keeps the teams' sign-in choices across deploys. The settings domain allows each team's provider on the web app
 * client at run time (lambdas/platform/federation/cognito.ts); CloudFormation, updating the client, sends the
 * template's providers (`COGNITO`) and callbacks and so drops them. This custom resource runs after every change of
 * the client (its properties carry the client's definition fingerprint, and it references the client, so it is
 * updated after it) and allows the providers registered in the pool again (lambdas/events/reapply-team-providers.ts).
 *
 * Its function runs only inside CloudFormation, as CDK's own provider functions do: not a PlatformFunction, so it has
 * none of the platform's environment (no PLATFORM: the local assembly runner leaves it out) and no X-Ray, and its role
 * holds its log group and the three Cognito commands only. Its code is bundled as every platform function's (`bundledCode`).
 */
export class TeamProvidersReapply extends Construct {
  readonly handler: lambda.Function;
  readonly role: iam.Role;
  readonly resource: CustomResource;

  constructor(scope: Construct, id: string, props: TeamProvidersReapplyProps) {
    super(scope, id);
    const { userPool, client } = props;
    const runtime = latestNodeRuntime();
    const target = runtime.name.replace(/^nodejs(\d+)\.x$/, 'node$1');

    const logGroup = new logs.LogGroup(this, 'Logs', { retention: logs.RetentionDays.ONE_MONTH });
    this.role = new iam.Role(this, 'Role', { assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com') });
    logGroup.grantWrite(this.role);
    // Exactly the commands reapply.ts sends, on this pool (IAM has no resource type for an app client).
    this.role.addToPrincipalPolicy(
      new iam.PolicyStatement({ actions: REAPPLY_COMMANDS.map((c) => `cognito-idp:${c}`), resources: [userPool.userPoolArn] }),
    );

    this.handler = new lambda.Function(this, 'Handler', {
      code: bundledCode(ENTRY, target),
      handler: 'index.handler',
      runtime,
      architecture: lambda.Architecture.ARM_64,
      memorySize: 256,
      timeout: Duration.minutes(1),
      role: this.role,
      logGroup,
      loggingFormat: lambda.LoggingFormat.JSON,
      environment: { POWERTOOLS_SERVICE_NAME: 'reapply-team-providers', NODE_OPTIONS: '--enable-source-maps' },
    });

    this.resource = new CustomResource(this, 'Resource', {
      resourceType: 'Custom::TeamProvidersOnClient',
      serviceToken: this.handler.functionArn,
      // The handler always answers; a function that never ran must not hold the deploy for CloudFormation's hour.
      serviceTimeout: Duration.minutes(5),
      properties: {
        UserPoolId: userPool.userPoolId,
        ClientId: client.userPoolClientId,
        CallbackUrls: props.callbackUrls,
        ClientDefinition: definitionFingerprint(client.node.defaultChild as CfnResource),
      },
    });
    // After the client (its Ref above orders that) and after the grant, which the handler's first call needs.
    this.resource.node.addDependency(this.role);
  }
}
