import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { Context, DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import type { Item } from '../../platform/db';
import { newImageOf } from '../../platform/table-stream';

/**
 * A domain's reactions to the table's stream, as its function's event source mapping delivers them: each record's new
 * item handled on its own, and the ones that failed reported back (ReportBatchItemFailures) so that only they and
 * what follows are retried; after the mapping's retries a batch goes to its dead-letter queue (lib/stacks/api-stack.ts).
 */
export function tableStreamHandler(react: (item: Item) => Promise<void>) {
  const processor = new BatchProcessor(EventType.DynamoDBStreams);
  return (event: DynamoDBStreamEvent, context: Context): Promise<DynamoDBBatchResponse> =>
    processPartialResponse(
      event,
      async (record: DynamoDBRecord) => {
        const item = newImageOf(record);
        if (item) await react(item);
      },
      processor,
      { context },
    );
}

export const isTableStreamEvent = (event: unknown): event is DynamoDBStreamEvent =>
  Array.isArray((event as { Records?: unknown[] } | undefined)?.Records) &&
  (event as { Records: { eventSource?: string }[] }).Records.every((r) => r.eventSource === 'aws:dynamodb');

/**
 * One function per domain: its HTTP calls, and for a reacting domain its stream batches, told apart by the event's
 * shape. The reactions load on their first batch, so the calls' cold start does not carry them.
 */
export function withTableStream<H extends (event: never, context: Context) => Promise<unknown>>(
  http: H,
  reactions: () => Promise<(event: DynamoDBStreamEvent, context: Context) => Promise<DynamoDBBatchResponse>>,
): H {
  return (async (event: unknown, context: Context) =>
    isTableStreamEvent(event) ? (await reactions())(event, context) : http(event as never, context)) as unknown as H;
}
