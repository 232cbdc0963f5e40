import { Logger } from '@aws-lambda-powertools/logger';
import type { CloudFormationCustomResourceEvent, Context } from 'aws-lambda';
import { reapplyTeamProviders } from '../platform/federation/reapply';

/**
 * The auth stack's custom resource `Custom::TeamProvidersOnClient` (lib/constructs/team-providers-reapply.ts): after
 * every deploy that changes the web app client, the teams' SAML / OIDC / Google providers are allowed on it again
 * (CloudFormation resets the client's providers to the template's `COGNITO`). Called by CloudFormation directly, so
 * it answers the stack's pre-signed response URL itself, also when the re-apply failed (the deploy fails and rolls
 * back instead of waiting).
 */
const logger = new Logger({ serviceName: 'reapply-team-providers' });

/** The resource's properties, as the construct writes them. */
export interface TeamProvidersOnClientProperties {
  UserPoolId: string;
  ClientId: string;
  CallbackUrls: string[];
  /** The client's definition fingerprint: only there so CloudFormation calls again when the client changes. */
  ClientDefinition?: string;
}

interface Response {
  Status: 'SUCCESS' | 'FAILED';
  Reason?: string;
  PhysicalResourceId: string;
}

async function respond(event: CloudFormationCustomResourceEvent, answer: Response): Promise<void> {
  const body = JSON.stringify({ ...answer, StackId: event.StackId, RequestId: event.RequestId, LogicalResourceId: event.LogicalResourceId, Data: {} });
  // The URL is pre-signed without a content type: send none.
  const res = await fetch(event.ResponseURL, { method: 'PUT', headers: { 'content-type': '' }, body, signal: AbortSignal.timeout(10_000) });
  if (!res.ok) throw new Error(`CloudFormation's response URL answered ${res.status}`);
}

export async function handler(event: CloudFormationCustomResourceEvent, context?: Pick<Context, 'logStreamName'>): Promise<void> {
  const props = event.ResourceProperties as unknown as TeamProvidersOnClientProperties;
  const physicalId = `${props.UserPoolId}/${props.ClientId}`;
  if (event.RequestType === 'Delete') {
    // The client's providers are the pool's business once this resource is gone.
    await respond(event, { Status: 'SUCCESS', PhysicalResourceId: event.PhysicalResourceId });
    return;
  }
  let answer: Response = { Status: 'SUCCESS', PhysicalResourceId: physicalId };
  try {
    const providers = await reapplyTeamProviders({ userPoolId: props.UserPoolId, clientId: props.ClientId, callbackUrls: props.CallbackUrls ?? [] });
    logger.info('team providers allowed on the app client', { requestType: event.RequestType, providers });
  } catch (e) {
    logger.error('re-applying the team providers failed', { error: e as Error });
    const reason = `${(e as Error).message} (log stream ${context?.logStreamName ?? 'unknown'})`.slice(0, 1000);
    answer = { Status: 'FAILED', Reason: reason, PhysicalResourceId: physicalId };
  }
  await respond(event, answer);
}
