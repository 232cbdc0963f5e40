import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { handler as mailEvent } from '../lambdas/events/mail-event';
import { handler as mediaJobState } from '../lambdas/events/media-job-state';
import { handler as scheduledJob } from '../lambdas/events/scheduled-job';
import type { LocalDeliveryEvent } from '../lambdas/platform/mail/local';
import { reactions, streamFilterPatterns, TABLE_STREAM_BATCH, type ReactingDomain } from '../lambdas/core/events/domain-events';
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { domainHandlers } from './domain-handlers';
import { lambdaContext } from './lambda-event';
import type { TableStreamConsumer } from './table-stream';

/**
 * The platform's functions as the local gateway and workers reach them. From source (the default): the handlers imported
 * into this process. In assembly mode (local/assembly/): the bundles of a synthesized cloud assembly, each in its own
 * worker, reached through the routes, rules and Scheduler target of its templates.
 */
export type EventBridgeEvent = LocalDeliveryEvent;

export interface LocalFunctions {
  /** The function API Gateway would invoke for this request; undefined when no route matches (its 404). */
  route(method: string, path: string): { routeKey: string; invoke(event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> } | undefined;
  /** What EventBridge Scheduler runs when a one-time schedule is due (its input is the schedule's). */
  runSchedule(input: unknown): Promise<void>;
  /** An event on the default bus (SES delivery, MediaConvert state): every rule that matches invokes its targets. */
  publish(event: EventBridgeEvent): Promise<void>;
  /** The functions that read the table's stream (Lambda's event source mappings), with their filters and retries. */
  tableStreamConsumers(): TableStreamConsumer[];
  stop(): Promise<void>;
}

/** The source handlers: routes are the gateway's own dispatch (local/gateway.ts), events go by their source. */
export const sourceFunctions: LocalFunctions = {
  route: () => undefined,
  runSchedule: (input) => scheduledJob(input),
  async publish(event) {
    if (event.source === 'aws.ses') return mailEvent(event as Parameters<typeof mailEvent>[0]);
    if (event.source === 'aws.mediaconvert') return mediaJobState(event as unknown as Parameters<typeof mediaJobState>[0]);
    throw new Error(`No local handler for events of ${event.source}`);
  },
  tableStreamConsumers: () =>
    (Object.keys(reactions) as ReactingDomain[]).map((domain) => ({
      name: domain,
      filters: streamFilterPatterns(domain),
      batchSize: TABLE_STREAM_BATCH.batchSize,
      retryAttempts: TABLE_STREAM_BATCH.retryAttempts,
      invoke: (event: DynamoDBStreamEvent) =>
        (domainHandlers[domain] as unknown as (e: DynamoDBStreamEvent, c: unknown) => Promise<DynamoDBBatchResponse>)(event, lambdaContext(domain, `stream-${Date.now()}`)),
    })),
  stop: async () => undefined,
};
