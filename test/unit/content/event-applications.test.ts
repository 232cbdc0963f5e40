import { describe, expect, it } from 'vitest';
import type { ContentItem } from '../../../shared/api/calls/content-items';
import type { EventFields } from '../../../shared/api/calls/events';
import { decideContentAccess, grantedByParent, noEntitlements, type AccessibleContent, type ContentAccess } from '../../../shared/content-access';
import { applicationDecision } from '../../../lambdas/content/event/apply-event';
import { eventRules } from '../../../lambdas/content/event/event-rules';
import { accessibleItem } from '../../../lambdas/content/items/member-content';
import { contentItemOf } from './content-item-fixture';

const event: ContentItem<EventFields> = contentItemOf({ id: 'EVENT1', type: 'event', title: 'Seminar', createdAt: '2024-04-01T00:00:00.000Z' }, {
  format: 'application',
  applicationStart: '2024-05-01T00:00:00.000Z',
  applicationEnd: '2024-05-10T00:00:00.000Z',
  holdStart: '2024-05-05T00:00:00.000Z',
  holdEnd: '2024-05-20T00:00:00.000Z',
  contents: [
    { type: 'video', id: 'V1' },
    { type: 'pdf', id: 'P1' },
  ],
});
const member = { kind: 'member', role: 'member', groupIds: [] } as const;
const at = (iso: string) => new Date(iso);
const stateOf = (applied: boolean, now: string) =>
  decideContentAccess(accessibleItem(event, eventRules), member, { ...noEntitlements, appliedEventIds: applied ? [event.id] : [] }, at(now));

describe('an event as the access decision reads it (SPEC §4)', () => {
  it('names its periods, so the states follow them', () => {
    expect(stateOf(false, '2024-04-30T23:59:59Z')).toBe('outsideApplicationPeriod');
    expect(stateOf(false, '2024-05-01T00:00:00Z')).toBe('unapplied');
    expect(stateOf(false, '2024-05-10T00:00:00Z')).toBe('outsideApplicationPeriod');
    expect(stateOf(true, '2024-05-04T00:00:00Z')).toBe('beforeEvent');
    expect(stateOf(true, '2024-05-05T00:00:00Z')).toBe('visible');
    expect(stateOf(true, '2024-05-20T00:00:00Z')).toBe('afterEvent');
  });

  it('refers to its contents (which then cannot be deleted) and grants exactly those', () => {
    expect(eventRules.references(event)).toEqual([
      { type: 'video', id: 'V1' },
      { type: 'pdf', id: 'P1' },
    ]);
    expect(eventRules.grants?.(event, { type: 'video', id: 'V1' })).toBe(true);
    expect(eventRules.grants?.(event, { type: 'pdf', id: 'P1' })).toBe(true);
    expect(eventRules.grants?.(event, { type: 'live', id: 'V1' })).toBe(false);
    expect(eventRules.grants?.(event, { type: 'video', id: 'V2' })).toBe(false);
  });
});

describe('applicationDecision', () => {
  it('applies only an unapplied member', () => {
    expect(applicationDecision('unapplied', false)).toBe('apply');
    expect(applicationDecision('outsideApplicationPeriod', false)).toBe('closed');
    expect(applicationDecision('hidden', false)).toBe('notFound');
  });

  it('answers one who applied before the same, whatever the periods say now', () => {
    for (const state of ['beforeEvent', 'visible', 'afterEvent', 'unpurchased'] as ContentAccess[]) expect(applicationDecision(state, true)).toBe('alreadyApplied');
    expect(applicationDecision('hidden', true)).toBe('notFound');
  });
});

describe('grantedByParent (a content opened through an event)', () => {
  const content: AccessibleContent = {
    status: 'private',
    isPublic: false,
    groupIds: ['G1'],
    ready: true,
    priceIds: [],
  };
  const now = at('2024-05-06T00:00:00Z');

  it('sets the content’s own audience aside: private, outside its publication period, or for other groups', () => {
    expect(decideContentAccess(content, member, noEntitlements, now)).toBe('hidden');
    expect(decideContentAccess(grantedByParent(content), member, noEntitlements, now)).toBe('visible');
    const ended = { ...content, status: 'publicationPeriod', publicationPeriod: { start: '2024-01-01T00:00:00Z', end: '2024-02-01T00:00:00Z' } } as const;
    expect(decideContentAccess(grantedByParent(ended), member, noEntitlements, now)).toBe('visible');
  });

  it('keeps what it sells, when it plays and whether it is ready', () => {
    expect(decideContentAccess(grantedByParent({ ...content, priceIds: ['price_1'] }), member, noEntitlements, now)).toBe('unpurchased');
    expect(decideContentAccess(grantedByParent({ ...content, releasePeriod: { start: '2024-06-01T00:00:00Z' } }), member, noEntitlements, now)).toBe('beforeRelease');
    expect(decideContentAccess(grantedByParent({ ...content, releasePeriod: { end: '2024-05-01T00:00:00Z' } }), member, noEntitlements, now)).toBe('afterRelease');
    expect(decideContentAccess(grantedByParent({ ...content, ready: false }), member, noEntitlements, now)).toBe('hidden');
  });
});
