import { describe, expect, it } from 'vitest';
import {
  decideContentAccess,
  memberContentStates,
  noEntitlements,
  pageContentState,
  type AccessibleContent,
  type ContentViewer,
  type Entitlements,
  type MemberContentState,
} from '../../shared/content-access';

const now = new Date('2026-06-15T12:00:00.000Z');
const before = '2026-06-01T00:00:00.000Z';
const after = '2026-07-01T00:00:00.000Z';
const longBefore = '2026-05-01T00:00:00.000Z';
const longAfter = '2026-08-01T00:00:00.000Z';

const item = (over: Partial<AccessibleContent> = {}): AccessibleContent => ({
  status: 'public',
  isPublic: false,
  groupIds: [],
  ready: true,
  priceIds: [],
  ...over,
});
const member: ContentViewer = { kind: 'member', role: 'member', groupIds: ['g1'] };
const adminViewer: ContentViewer = { kind: 'member', role: 'admin', groupIds: [] };
const visitor: ContentViewer = { kind: 'visitor' };
const holding = (over: Partial<Entitlements>): Entitlements => ({ ...noEntitlements, ...over });
const event = { eventId: 'e1', applicationPeriod: { start: before, end: after }, holdPeriod: { start: after, end: longAfter } };

describe('member content access (SPEC §4)', () => {
  it('visible: published, in the audience, free, within its release period', () => {
    expect(decideContentAccess(item(), member, noEntitlements, now)).toBe('visible');
    expect(decideContentAccess(item({ releasePeriod: { start: before, end: after } }), member, noEntitlements, now)).toBe('visible');
  });

  it('hidden (not found, reveals nothing): missing, private, outside publication, not ready, outside the groups', () => {
    expect(decideContentAccess(undefined, member, noEntitlements, now)).toBe('hidden');
    expect(decideContentAccess(item({ status: 'private' }), member, noEntitlements, now)).toBe('hidden');
    expect(decideContentAccess(item({ status: 'publicationPeriod', publicationPeriod: { start: after, end: longAfter } }), member, noEntitlements, now)).toBe('hidden');
    expect(decideContentAccess(item({ status: 'publicationPeriod', publicationPeriod: { start: longBefore, end: before } }), member, noEntitlements, now)).toBe('hidden');
    expect(decideContentAccess(item({ ready: false }), member, noEntitlements, now)).toBe('hidden');
    expect(decideContentAccess(item({ groupIds: ['g2'] }), member, noEntitlements, now)).toBe('hidden');
    expect(decideContentAccess(item({ groupIds: ['g2', 'g1'] }), member, noEntitlements, now)).toBe('visible');
    expect(decideContentAccess(item({ groupIds: ['g2'] }), adminViewer, noEntitlements, now)).toBe('visible');
  });

  it('registered: a visitor opens an item only for registered members', () => {
    expect(decideContentAccess(item({ isPublic: false }), visitor, noEntitlements, now)).toBe('registered');
    expect(decideContentAccess(item({ isPublic: true }), visitor, noEntitlements, now)).toBe('visible');
  });

  it('before release / after release: outside the playable period', () => {
    expect(decideContentAccess(item({ releasePeriod: { start: after } }), member, noEntitlements, now)).toBe('beforeRelease');
    expect(decideContentAccess(item({ releasePeriod: { end: before } }), member, noEntitlements, now)).toBe('afterRelease');
    expect(decideContentAccess(item({ releasePeriod: { end: now.toISOString() } }), member, noEntitlements, now)).toBe('afterRelease');
  });

  it('unpurchased: a priced item without a current purchase of one of its prices', () => {
    const priced = item({ priceIds: ['price_a', 'price_b'] });
    expect(decideContentAccess(priced, member, noEntitlements, now)).toBe('unpurchased');
    expect(decideContentAccess(priced, member, holding({ purchases: [{ priceId: 'price_other' }] }), now)).toBe('unpurchased');
    expect(decideContentAccess(priced, member, holding({ purchases: [{ priceId: 'price_b', expiresAt: before }] }), now)).toBe('unpurchased');
    expect(decideContentAccess(priced, member, holding({ purchases: [{ priceId: 'price_b', expiresAt: after }] }), now)).toBe('visible');
    expect(decideContentAccess(priced, member, holding({ purchases: [{ priceId: 'price_a' }] }), now)).toBe('visible');
    expect(decideContentAccess(priced, adminViewer, noEntitlements, now)).toBe('visible');
    expect(decideContentAccess(item({ priceIds: ['p'], isPublic: true }), visitor, noEntitlements, now)).toBe('unpurchased');
  });

  it('a purchase does not open an item before its release', () => {
    const priced = item({ priceIds: ['p'], releasePeriod: { start: after } });
    expect(decideContentAccess(priced, member, holding({ purchases: [{ priceId: 'p' }] }), now)).toBe('beforeRelease');
  });

  it('unapplied / outside application period / before event / after event', () => {
    expect(decideContentAccess(item({ event }), member, noEntitlements, now)).toBe('unapplied');
    const closed = { ...event, applicationPeriod: { start: longBefore, end: before } };
    expect(decideContentAccess(item({ event: closed }), member, noEntitlements, now)).toBe('outsideApplicationPeriod');
    const notYet = { ...event, applicationPeriod: { start: after, end: longAfter } };
    expect(decideContentAccess(item({ event: notYet }), member, noEntitlements, now)).toBe('outsideApplicationPeriod');
    const applied = holding({ appliedEventIds: ['e1'] });
    expect(decideContentAccess(item({ event }), member, applied, now)).toBe('beforeEvent');
    const over = { ...event, holdPeriod: { start: longBefore, end: before } };
    expect(decideContentAccess(item({ event: over }), member, applied, now)).toBe('afterEvent');
    const running = { ...event, holdPeriod: { start: before, end: after } };
    expect(decideContentAccess(item({ event: running }), member, applied, now)).toBe('visible');
    expect(decideContentAccess(item({ event: running }), member, holding({ appliedEventIds: ['e2'] }), now)).toBe('unapplied');
  });

  it('loading and network error are the page\'s own states around the answer', () => {
    expect(pageContentState({ loading: true })).toBe('loading');
    expect(pageContentState({ loading: false, error: { status: 0 } })).toBe('networkError');
    expect(pageContentState({ loading: false, error: { status: 503 } })).toBe('networkError');
    expect(pageContentState({ loading: false, error: { status: 404 } })).toBe('notFound');
    expect(pageContentState({ loading: false, state: 'unpurchased' })).toBe('unpurchased');
  });

  it('every SPEC §4 state is reachable', () => {
    const seen = new Set<MemberContentState>(['loading', 'networkError']);
    const cases: [AccessibleContent, ContentViewer, Entitlements][] = [
      [item(), member, noEntitlements],
      [item(), visitor, noEntitlements],
      [item({ priceIds: ['p'] }), member, noEntitlements],
      [item({ releasePeriod: { start: after } }), member, noEntitlements],
      [item({ releasePeriod: { end: before } }), member, noEntitlements],
      [item({ event }), member, noEntitlements],
      [item({ event: { ...event, applicationPeriod: { start: longBefore, end: before } } }), member, noEntitlements],
      [item({ event }), member, holding({ appliedEventIds: ['e1'] })],
      [item({ event: { ...event, holdPeriod: { start: longBefore, end: before } } }), member, holding({ appliedEventIds: ['e1'] })],
    ];
    for (const [c, v, e] of cases) {
      const state = decideContentAccess(c, v, e, now);
      if (state !== 'hidden') seen.add(state);
    }
    expect([...seen].sort()).toEqual([...memberContentStates].sort());
  });
});
