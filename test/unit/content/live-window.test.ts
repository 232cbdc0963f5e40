import { describe, expect, it } from 'vitest';
import type { ContentItem } from '../../../shared/api/calls/content-items';
import type { LiveFields, LiveView } from '../../../shared/api/calls/lives';
import { decideContentAccess, noEntitlements, type ContentViewer } from '../../../shared/content-access';
import { LIVE_JOIN_LEAD_MINUTES, liveJoinWindow, livePhase } from '../../../shared/live-schedule';
import { accessibleItem } from '../../../lambdas/content/items/member-content';
import type { MemberViewContext } from '../../../lambdas/content/items/item-types';
import { liveRules } from '../../../lambdas/content/live/live-rules';
import { contentItemOf } from './content-item-fixture';

const startAt = '2026-06-15T10:00:00.000Z';
const endAt = '2026-06-15T11:00:00.000Z';
const at = (iso: string) => new Date(iso);
const member: ContentViewer = { kind: 'member', role: 'member', groupIds: [] };

const zoomWebinar: LiveFields = { platform: 'zoomWebinar', meetingId: '98765432101', passcode: 'pw1', startAt, endAt };

const live = (fields: Partial<LiveFields> = {}, over: Partial<Omit<ContentItem, 'fields'>> = {}): ContentItem<LiveFields> =>
  contentItemOf({ id: '01LIVE', type: 'live', title: 'Launch live', createdAt: '2026-06-01T00:00:00.000Z' }, { ...zoomWebinar, ...fields }, over);

const stateAt = (item: ContentItem<LiveFields>, now: string) =>
  decideContentAccess(accessibleItem(item as ContentItem, liveRules), member, noEntitlements, at(now));

const viewAt = async (item: ContentItem<LiveFields>, now: string): Promise<LiveView> => {
  const state = stateAt(item, now);
  if (state === 'hidden') throw new Error('hidden');
  const ctx: MemberViewContext = { teamId: '01TEAM', viewer: member, entitlements: noEntitlements, state, now: at(now) };
  return (await liveRules.memberView!(item as ContentItem, ctx)) as LiveView;
};

describe('a live’s window is the access decision’s release period', () => {
  it(`opens ${LIVE_JOIN_LEAD_MINUTES} minutes before the start and closes at the end`, () => {
    expect(LIVE_JOIN_LEAD_MINUTES).toBe(10);
    expect(stateAt(live(), '2026-06-15T09:49:59.999Z')).toBe('beforeRelease');
    expect(stateAt(live(), '2026-06-15T09:50:00.000Z')).toBe('visible');
    expect(stateAt(live(), '2026-06-15T10:30:00.000Z')).toBe('visible');
    expect(stateAt(live(), '2026-06-15T10:59:59.999Z')).toBe('visible');
    expect(stateAt(live(), '2026-06-15T11:00:00.000Z')).toBe('afterRelease');
  });

  it('lies inside the item’s own viewable period when it has one', () => {
    const narrowed = live({}, { viewablePeriod: { start: '2026-06-15T10:05:00.000Z', end: '2026-06-15T10:45:00.000Z' } });
    expect(liveJoinWindow(narrowed.fields, narrowed.viewablePeriod)).toEqual({ start: '2026-06-15T10:05:00.000Z', end: '2026-06-15T10:45:00.000Z' });
    expect(stateAt(narrowed, '2026-06-15T10:00:00.000Z')).toBe('beforeRelease');
    expect(stateAt(narrowed, '2026-06-15T10:05:00.000Z')).toBe('visible');
    expect(stateAt(narrowed, '2026-06-15T10:50:00.000Z')).toBe('afterRelease');
    // A wider viewable period does not widen the live's window; an open end keeps the live's.
    const wide = live({}, { viewablePeriod: { start: '2026-06-01T00:00:00.000Z' } });
    expect(liveJoinWindow(wide.fields, wide.viewablePeriod)).toEqual({ start: '2026-06-15T09:50:00.000Z', end: endAt });
    // No overlap: never open.
    const disjoint = live({}, { viewablePeriod: { end: '2026-06-15T09:00:00.000Z' } });
    expect(['2026-06-15T08:00:00.000Z', '2026-06-15T09:55:00.000Z', '2026-06-15T10:30:00.000Z'].map((t) => stateAt(disjoint, t))).not.toContain('visible');
  });

  it('keeps the decision’s earlier refusals: private and outside the groups stay hidden', () => {
    expect(stateAt(live({}, { status: 'private' }), '2026-06-15T10:30:00.000Z')).toBe('hidden');
    expect(stateAt(live({}, { groupIds: ['g1'] }), '2026-06-15T10:30:00.000Z')).toBe('hidden');
  });
});

describe('the member view: the schedule always, the join link only while visible', () => {
  it('before the window: schedule, phase scheduled, no way in', async () => {
    const view = await viewAt(live(), '2026-06-15T09:00:00.000Z');
    expect(view).toEqual({ platform: 'zoomWebinar', startAt, endAt, phase: 'scheduled', joinOpensAt: '2026-06-15T09:50:00.000Z', joinClosesAt: endAt });
  });

  it('in the lead time and on air: the Zoom link, ID and passcode', async () => {
    const join = { url: 'https://zoom.us/j/98765432101', meetingId: '98765432101', passcode: 'pw1' };
    expect(await viewAt(live(), '2026-06-15T09:55:00.000Z')).toMatchObject({ phase: 'scheduled', join });
    expect(await viewAt(live(), '2026-06-15T10:10:00.000Z')).toMatchObject({ phase: 'live', join });
  });

  it('after the end: ended, no way in', async () => {
    const view = await viewAt(live(), '2026-06-15T11:00:00.000Z');
    expect(view.phase).toBe('ended');
    expect(view.join).toBeUndefined();
  });

  it('a video-site or other live gives its URL', async () => {
    const youtube = live({ platform: 'youtube', url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', meetingId: undefined, passcode: undefined });
    expect((await viewAt(youtube, '2026-06-15T10:10:00.000Z')).join).toEqual({ url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' });
  });

  it('phase follows the clock only', () => {
    expect(livePhase({ startAt, endAt }, at('2026-06-15T09:59:59.999Z'))).toBe('scheduled');
    expect(livePhase({ startAt, endAt }, at(startAt))).toBe('live');
    expect(livePhase({ startAt, endAt }, at(endAt))).toBe('ended');
  });

  it('the admin list shows the start', () => {
    expect(liveRules.summary!(live() as ContentItem)).toBe(startAt);
  });
});
