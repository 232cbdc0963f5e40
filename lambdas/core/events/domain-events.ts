import { Logger } from '@aws-lambda-powertools/logger';
import { ulid } from 'ulid';
import type { Domain } from '../../../shared/api/define';
import type { AutoMailEvent } from '../../../shared/constants';
import { ConditionFailedError, getItem, putItem, transact, type Item, type Key, type TransactOp } from '../../platform/db';
import { assertId, teamKey } from '../../platform/keys';
import type { Activity } from '../entities/rollups';
import { noticeItemTypes } from '../entities/notice';

/**
 * What one domain causes in another travels as an event through the table's stream, never as an import: the domain
 * writes its own items (and, for what is not an item of its own, a domain-event item here), the stream delivers each
 * new item to the function of every domain that reacts to it (`reactions`), and that domain does its own work with its
 * own grants. The request that caused it succeeds when its own write does; the reactions are at-least-once, retried,
 * and idempotent (`reactOnce`). Entity module of the event and reaction-marker items:
 *
 *   domain event   T#<t>#EVENT#<ulid>                   EVENT      type domainEvent, name, detail; TTL 2 days
 *   reacted        T#<t>#REACTED#<domain>#<event key>   REACTED    one per event a domain has reacted to; TTL 8 days
 */
const logger = new Logger({ serviceName: 'domain-events' });

/** A member event that auto mails and workflows react to (SPEC §3 auto mail events); `objectIds` name what it came through. */
export interface MemberEvent {
  teamId: string;
  type: AutoMailEvent;
  userId: string;
  objectIds: readonly string[];
}

/**
 * A member deleted their own account (SPEC §3 notification key userAccountDeleted). It carries who they were: their
 * record is gone when the reactions run.
 */
export interface MemberDeleted {
  teamId: string;
  userId: string;
  name: string;
  email: string;
}

/** An activity as the stream carries it (its time as ISO text). */
export type ActivityDetail = Omit<Activity, 'at'> & { at: string };

export interface DomainEvents {
  /** Counted by analytics (its rollups). */
  activity: ActivityDetail;
  /** Auto mails and workflows of the mail domain. */
  memberEvent: MemberEvent;
  /** The administrators' notice and mail (userAccountDeleted) of the mail domain. */
  memberDeleted: MemberDeleted;
}
export type DomainEventName = keyof DomainEvents;

/**
 * Which domain reacts to what: domain events by name, and the items other domains write by their `type` (the in-app
 * notices, whose mails the mail domain sends). The CDK stack turns each entry into the stream filter of that domain's
 * event source mapping, and the local platform delivers by the same filters (local/table-stream.ts).
 */
export const reactions = {
  analytics: { events: ['activity'], items: [] },
  mail: { events: ['memberEvent', 'memberDeleted'], items: noticeItemTypes },
} as const satisfies Partial<Record<Domain, { events: readonly DomainEventName[]; items: readonly string[] }>>;
export type ReactingDomain = keyof typeof reactions;

/** The stream filter patterns of a reacting domain (Lambda event filtering syntax: only new items of its kinds). */
export function streamFilterPatterns(domain: ReactingDomain): Record<string, unknown>[] {
  const { events, items } = reactions[domain];
  const patterns: Record<string, unknown>[] = [];
  if (events.length) patterns.push({ eventName: ['INSERT'], dynamodb: { NewImage: { type: { S: ['domainEvent'] }, name: { S: [...events] } } } });
  if (items.length) patterns.push({ eventName: ['INSERT'], dynamodb: { NewImage: { type: { S: [...items] } } } });
  return patterns;
}

/**
 * How each reacting domain's event source mapping reads the stream (lib/stacks/api-stack.ts; locally
 * local/table-stream.ts): batches of up to 25 new items, a failed record retried from where it failed 5 times, then
 * the batch to the dead-letter queue.
 */
export const TABLE_STREAM_BATCH = { batchSize: 25, retryAttempts: 5, maxBatchingWindowSeconds: 1 } as const;

const EVENT_KEEP_SECONDS = 2 * 86_400;
const REACTED_KEEP_SECONDS = 8 * 86_400;
const expiresIn = (seconds: number, now: Date) => Math.floor(now.getTime() / 1000) + seconds;

export interface DomainEventItem<N extends DomainEventName = DomainEventName> extends Item {
  type: 'domainEvent';
  name: N;
  teamId: string;
  eventId: string;
  detail: DomainEvents[N];
}

export function domainEventItem<N extends DomainEventName>(name: N, teamId: string, detail: DomainEvents[N], now = new Date()): DomainEventItem<N> {
  const eventId = ulid(now.getTime());
  return { pk: teamKey(teamId, 'EVENT', eventId), sk: 'EVENT', type: 'domainEvent', name, teamId, eventId, detail, expiresAt: expiresIn(EVENT_KEEP_SECONDS, now) };
}

/**
 * Emits a domain event after the caller's own write. It never fails the caller: the member's action has happened;
 * a lost event is logged (the reactions are what may miss it, as a mail that could not go).
 */
export async function emitDomainEvent<N extends DomainEventName>(name: N, teamId: string, detail: DomainEvents[N], now = new Date()): Promise<void> {
  try {
    await putItem(domainEventItem(name, teamId, detail, now));
  } catch (error) {
    logger.error('Domain event not emitted', { name, teamId, error: error as Error });
  }
}

/** An activity for analytics (its rollups are the analytics domain's reaction). */
export const emitActivity = (activity: Activity): Promise<void> =>
  emitDomainEvent('activity', activity.teamId, { ...activity, at: activity.at.toISOString() }, activity.at);

/** A member event for the mail domain's auto mails and workflows. */
export const emitMemberEvent = (event: MemberEvent): Promise<void> => emitDomainEvent('memberEvent', event.teamId, event);

/** A member deleted their own account: the mail domain tells the administrators who asked to be told. */
export const emitMemberDeleted = (event: MemberDeleted): Promise<void> => emitDomainEvent('memberDeleted', event.teamId, event);

const reactedKey = (teamId: string, domain: ReactingDomain, eventKey: string): Key => ({
  pk: teamKey(teamId, 'REACTED', domain, ...eventKey.split('#').map((part) => assertId(part, 'eventKey'))),
  sk: 'REACTED',
});
const reactedItem = (teamId: string, domain: ReactingDomain, eventKey: string, now: Date): Item => ({
  ...reactedKey(teamId, domain, eventKey),
  type: 'reacted',
  expiresAt: expiresIn(REACTED_KEEP_SECONDS, now),
});

/**
 * A reaction done once per event however often the stream delivers it.
 * - `writes`: table writes only, committed in one transaction with the marker, so exactly once.
 * - `effect`: anything else (a mail): skipped when the marker exists, the marker written after it; a crash between
 *   the two repeats the effect on retry (at least once), never loses it.
 * Answers false for a repeat.
 */
export async function reactOnce(
  teamId: string,
  domain: ReactingDomain,
  eventKey: string,
  reaction: { writes: TransactOp[] } | { effect: () => Promise<void> },
  now = new Date(),
): Promise<boolean> {
  const marker = reactedItem(teamId, domain, eventKey, now);
  if ('writes' in reaction) {
    try {
      await transact([...reaction.writes, { put: marker, ifNotExists: true }]);
      return true;
    } catch (e) {
      // A cancelled transaction names its reasons: only the marker's condition (the last operation) means "done before".
      if (e instanceof ConditionFailedError && e.reasons.at(-1) === 'ConditionalCheckFailed') return false;
      throw e;
    }
  }
  if (await getItem(reactedKey(teamId, domain, eventKey), true)) return false;
  await reaction.effect();
  await putItem(marker);
  return true;
}
