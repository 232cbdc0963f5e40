import { appendFileSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  ExpiredIteratorException,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type _Record as StreamRecord,
} from '@aws-sdk/client-dynamodb-streams';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { matchesPattern } from './assembly/cloud-assembly';

/**
 * The local stand-in for Lambda's event source mappings on the table's stream: reads DynamoDB Local's stream (its
 * Streams API) and delivers each consumer the new records its filters match, in order, in batches, as Lambda does:
 * a batch item failure retries from the first failed record, a thrown error the whole batch, up to the consumer's retry
 * attempts; then the batch goes to the dead-letter file (the AWS mapping's on-failure queue) and the consumer goes on.
 */
export interface TableStreamConsumer {
  name: string;
  /** Lambda event filtering patterns; a record that matches none is dropped for this consumer. */
  filters: readonly Record<string, unknown>[];
  batchSize: number;
  retryAttempts: number;
  invoke(event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse | void>;
}

export interface TableStreamOptions {
  endpoint: string;
  region: string;
  tableName: string;
  consumers: readonly TableStreamConsumer[];
  deadLetterFile: string;
  log: (line: string) => void;
  pollMs?: number;
}

export interface RunningTableStream {
  /** Resolves once every record written before the call has been delivered (or dead-lettered). */
  settled(): Promise<void>;
  stop(): Promise<void>;
}

const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };

/** A stream record as Lambda hands it to a function (creation time in epoch seconds, the stream's ARN). */
function lambdaRecord(r: StreamRecord, streamArn: string, region: string): DynamoDBRecord {
  const created = r.dynamodb?.ApproximateCreationDateTime;
  return {
    eventID: r.eventID,
    eventName: r.eventName as DynamoDBRecord['eventName'],
    eventVersion: r.eventVersion ?? '1.1',
    eventSource: 'aws:dynamodb',
    awsRegion: region,
    eventSourceARN: streamArn,
    dynamodb: {
      ...(r.dynamodb as DynamoDBRecord['dynamodb']),
      ApproximateCreationDateTime: created instanceof Date ? Math.floor(created.getTime() / 1000) : (created as number | undefined),
    },
  };
}

class ConsumerQueue {
  private queue: DynamoDBRecord[] = [];
  private running = false;
  private drained: (() => void)[] = [];

  constructor(
    private readonly consumer: TableStreamConsumer,
    private readonly opts: TableStreamOptions,
  ) {}

  push(records: DynamoDBRecord[]) {
    const wanted = records.filter((r) => this.consumer.filters.some((f) => matchesPattern(f, r as unknown as Record<string, unknown>)));
    if (!wanted.length) return;
    this.queue.push(...wanted);
    void this.run();
  }

  idle(): Promise<void> {
    if (!this.running && !this.queue.length) return Promise.resolve();
    return new Promise((resolve) => this.drained.push(resolve));
  }

  private async run() {
    if (this.running) return;
    this.running = true;
    try {
      while (this.queue.length) {
        let batch = this.queue.slice(0, this.consumer.batchSize);
        for (let attempt = 0; ; attempt++) {
          const failedFrom = await this.deliver(batch);
          if (failedFrom === undefined) {
            this.queue.splice(0, batch.length);
            break;
          }
          if (attempt >= this.consumer.retryAttempts) {
            this.deadLetter(batch.slice(failedFrom));
            this.queue.splice(0, batch.length);
            break;
          }
          // Lambda checkpoints before the first failed record and retries from it.
          this.queue.splice(0, failedFrom);
          batch = batch.slice(failedFrom);
          await new Promise((r) => setTimeout(r, 100 * 2 ** Math.min(attempt, 4)));
        }
      }
    } finally {
      this.running = false;
      for (const resolve of this.drained.splice(0)) resolve();
    }
  }

  /** Undefined when the whole batch succeeded, else the index of the first record to retry. */
  private async deliver(batch: DynamoDBRecord[]): Promise<number | undefined> {
    try {
      const response = await this.consumer.invoke({ Records: batch });
      const failed = new Set((response?.batchItemFailures ?? []).map((f) => f.itemIdentifier));
      if (!failed.size) return undefined;
      const first = batch.findIndex((r) => failed.has(r.dynamodb?.SequenceNumber ?? ''));
      return first < 0 ? 0 : first;
    } catch (e) {
      this.opts.log(`table stream: ${this.consumer.name} failed a batch of ${batch.length}: ${(e as Error).message}`);
      return 0;
    }
  }

  private deadLetter(records: DynamoDBRecord[]) {
    this.opts.log(`table stream: ${this.consumer.name} gave up on ${records.length} record(s) after ${this.consumer.retryAttempts} retries (see ${this.opts.deadLetterFile})`);
    mkdirSync(dirname(this.opts.deadLetterFile), { recursive: true });
    appendFileSync(this.opts.deadLetterFile, `${JSON.stringify({ consumer: this.consumer.name, at: new Date().toISOString(), records })}\n`);
  }
}

export async function startTableStream(opts: TableStreamOptions): Promise<RunningTableStream> {
  const ddb = new DynamoDBClient({ region: opts.region, endpoint: opts.endpoint, credentials });
  const streams = new DynamoDBStreamsClient({ region: opts.region, endpoint: opts.endpoint, credentials });
  const { Table } = await ddb.send(new DescribeTableCommand({ TableName: opts.tableName }));
  const streamArn = Table?.LatestStreamArn;
  if (!streamArn) throw new Error(`Table ${opts.tableName} has no stream`);
  const queues = opts.consumers.map((c) => new ConsumerQueue(c, opts));
  const pollMs = opts.pollMs ?? 100;

  /** Shard id -> its iterator (null once the shard is closed and read to its end). */
  const iterators = new Map<string, string | null>();
  let firstLook = true;
  let refreshDue = false;
  let stopped = false;
  let pollCount = 0;
  const pollWaiters: { after: number; resolve: () => void }[] = [];

  async function refreshShards() {
    const { StreamDescription } = await streams.send(new DescribeStreamCommand({ StreamArn: streamArn }));
    for (const shard of StreamDescription?.Shards ?? []) {
      if (!shard.ShardId || iterators.has(shard.ShardId)) continue;
      // What was written before the platform started is history; a shard that opens later is read from its start.
      const open = !shard.SequenceNumberRange?.EndingSequenceNumber;
      if (firstLook && !open) {
        iterators.set(shard.ShardId, null);
        continue;
      }
      const { ShardIterator } = await streams.send(
        new GetShardIteratorCommand({ StreamArn: streamArn, ShardId: shard.ShardId, ShardIteratorType: firstLook ? 'LATEST' : 'TRIM_HORIZON' }),
      );
      iterators.set(shard.ShardId, ShardIterator ?? null);
    }
    firstLook = false;
  }

  async function pollOnce() {
    if (refreshDue || pollCount % 20 === 0) {
      refreshDue = false;
      await refreshShards();
    }
    for (const [shardId, iterator] of iterators) {
      if (!iterator) continue;
      try {
        const out = await streams.send(new GetRecordsCommand({ ShardIterator: iterator, Limit: 1000 }));
        iterators.set(shardId, out.NextShardIterator ?? null);
        const records = (out.Records ?? []).map((r) => lambdaRecord(r, streamArn!, opts.region));
        if (records.length) for (const q of queues) q.push(records);
        // A closed shard read to its end: its children are found on the next refresh.
        if (!out.NextShardIterator) refreshDue = true;
      } catch (e) {
        if (e instanceof ExpiredIteratorException) iterators.delete(shardId);
        else throw e;
      }
    }
  }

  await refreshShards();
  const loop = (async () => {
    while (!stopped) {
      try {
        await pollOnce();
      } catch (e) {
        opts.log(`table stream: poll failed: ${(e as Error).message}`);
      }
      pollCount++;
      for (const w of pollWaiters.filter((w) => pollCount > w.after)) {
        pollWaiters.splice(pollWaiters.indexOf(w), 1);
        w.resolve();
      }
      await new Promise((r) => setTimeout(r, pollMs));
    }
  })();

  return {
    async settled() {
      // Two full polls after the call: every record written before it has been read and handed to the queues.
      const after = pollCount + 1;
      await new Promise<void>((resolve) => pollWaiters.push({ after, resolve }));
      await Promise.all(queues.map((q) => q.idle()));
    },
    async stop() {
      stopped = true;
      await loop;
      for (const w of pollWaiters.splice(0)) w.resolve();
      await Promise.all(queues.map((q) => q.idle()));
    },
  };
}
