import '../support/platform-env';
import { beforeAll, describe, expect, it } from 'vitest';
import { applyEventCall, createEventCall } from '../../../shared/api/calls/events';
import { groupCreateCall } from '../../../shared/api/calls/groups';
import { createLiveCall, updateLiveCall } from '../../../shared/api/calls/lives';
import { memberScheduleListCall, type ScheduleEntry } from '../../../shared/api/calls/schedule';
import { call } from '../support/api';
import { type Caller, newOperator, newPerson, ok } from '../content/people';
import { newMember } from '../content/ready-videos';

/**
 * SPEC §2 /user/:teamId/schedule: the member's lives (over start..end) and events (applied: over the hold period;
 * open for applications: `unapplied`) in a range, each with the one access decision's state; nothing the member
 * may not know of.
 */
let alpha: Caller;
let beta: Caller;
let member: Caller;
let analyst: Caller;
let otherGroupId: string;

const hoursFromNow = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();
const daysFromNow = (d: number) => hoursFromNow(d * 24);

const createLive = async (who: Caller, title: string, startH: number, endH: number, extra: Record<string, unknown> = {}) =>
  ok<{ id: string; version: number }>(who, createLiveCall, {
    title,
    status: 'public',
    fields: { platform: 'youtube', url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', startAt: hoursFromNow(startH), endAt: hoursFromNow(endH) },
    ...extra,
  });
const createEvent = async (who: Caller, title: string, [a, b, c, d]: [number, number, number, number], contentId: string) =>
  (
    await ok<{ id: string }>(who, createEventCall, {
      title,
      status: 'public',
      fields: {
        format: 'application',
        applicationStart: hoursFromNow(a),
        applicationEnd: hoursFromNow(b),
        holdStart: hoursFromNow(c),
        holdEnd: hoursFromNow(d),
        contents: [{ type: 'live', id: contentId }],
      },
    })
  ).id;

const schedule = async (who: Caller, from = daysFromNow(-10), to = daysFromNow(20)) =>
  (await ok<{ items: ScheduleEntry[] }>(who, memberScheduleListCall, { from, to })).items;
const entry = (items: ScheduleEntry[], id: string) => items.find((e) => e.id === id);

beforeAll(async () => {
  [alpha, beta] = await Promise.all([newOperator('Schedule Alpha'), newOperator('Schedule Beta')]);
  otherGroupId = (await ok<{ group: { groupId: string } }>(alpha, groupCreateCall, { name: 'Others' })).group.groupId;
  [member, analyst] = await Promise.all([newMember(alpha.teamId), newPerson(alpha.teamId, 'admin', ['analyst'])]);
});

describe('/member_schedule/list', () => {
  it('lists the lives the member may see with their state and times, never one limited to another group', async () => {
    const upcoming = await createLive(alpha, 'Upcoming live', 48, 49);
    const onNow = await createLive(alpha, 'Live now', -0.5, 1);
    const past = await createLive(alpha, 'Past live', -72, -71);
    const grouped = await createLive(alpha, 'Insiders live', 24, 25, { groupIds: [otherGroupId] });
    const outOfRange = await createLive(alpha, 'Far live', 24 * 40, 24 * 40 + 1);

    const items = await schedule(member);
    expect(entry(items, upcoming.id)).toMatchObject({ type: 'live', title: 'Upcoming live', state: 'beforeRelease' });
    expect(Date.parse(entry(items, upcoming.id)!.start)).toBeGreaterThan(Date.now() + 47 * 3_600_000);
    expect(entry(items, onNow.id)).toMatchObject({ type: 'live', state: 'visible' });
    expect(entry(items, past.id)).toMatchObject({ type: 'live', state: 'afterRelease' });
    expect(entry(items, grouped.id)).toBeUndefined();
    expect(entry(items, outOfRange.id)).toBeUndefined();
    // Ordered by start.
    const starts = items.map((e) => e.start);
    expect([...starts].sort()).toEqual(starts);
  });

  it('shows an event the member applied to over its hold period, and an event open for applications as unapplied (across types)', async () => {
    const live = await createLive(alpha, 'Event live', 72, 73);
    const applied = await createEvent(alpha, 'Applied seminar', [-1, 24, 96, 120], live.id);
    const open = await createEvent(alpha, 'Open seminar', [-1, 24, 48, 50], live.id);
    const closed = await createEvent(alpha, 'Closed seminar', [-5, -3, 48, 50], live.id);
    expect(await ok(member, applyEventCall, { eventId: applied })).toEqual({ state: 'beforeEvent' });

    const items = await schedule(member);
    const appliedEntry = entry(items, applied);
    expect(appliedEntry).toMatchObject({ type: 'event', title: 'Applied seminar', state: 'beforeEvent' });
    expect(Date.parse(appliedEntry!.start)).toBeCloseTo(Date.parse(hoursFromNow(96)), -5);
    expect(Date.parse(appliedEntry!.end)).toBeCloseTo(Date.parse(hoursFromNow(120)), -5);
    expect(entry(items, open)).toMatchObject({ type: 'event', state: 'unapplied' });
    // Neither applied nor open: not the member's to plan for.
    expect(entry(items, closed)).toBeUndefined();
    // Both types in one answer.
    expect(entry(items, live.id)).toMatchObject({ type: 'live' });

    // Outside the range: the hold period does not overlap.
    const later = await schedule(member, daysFromNow(30), daysFromNow(40));
    expect(entry(later, applied)).toBeUndefined();
  });

  it('leaves out a live that became private since it was listed', async () => {
    const live = await createLive(alpha, 'Soon private', 30, 31);
    expect(entry(await schedule(member), live.id)).toBeDefined();
    await ok(alpha, updateLiveCall, {
      id: live.id,
      version: live.version,
      title: 'Soon private',
      status: 'private',
      fields: { platform: 'youtube', url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', startAt: hoursFromNow(30), endAt: hoursFromNow(31) },
    });
    expect(entry(await schedule(member), live.id)).toBeUndefined();
  });

  it("never answers another team's items", async () => {
    const theirs = await createLive(beta, 'Beta live', 24, 25);
    const items = await schedule(member);
    expect(entry(items, theirs.id)).toBeUndefined();
    expect(JSON.stringify(items)).not.toContain('Beta live');
    // And Beta's operator, in their own team, does not see Alpha's.
    const betaItems = await schedule(beta);
    expect(betaItems.map((e) => e.id)).toEqual([theirs.id]);
  });

  it('answers an administrator of the team too (the member permission holds for them)', async () => {
    const live = await createLive(alpha, 'Admin visible', 26, 27);
    expect(entry(await schedule(analyst), live.id)).toMatchObject({ state: 'beforeRelease' });
  });

  it('refuses a range over 62 days or reversed, naming `to`, and a missing or bad date naming its field', async () => {
    const bad = async (input: Record<string, unknown>) => {
      const res = await call(memberScheduleListCall, { ...member.ctx, ...input }, member.token);
      return { status: res.status, fields: res.body.error?.fields };
    };
    expect(await bad({ from: daysFromNow(0), to: daysFromNow(63) })).toEqual({ status: 400, fields: { to: 'validation/invalid_value' } });
    expect(await bad({ from: daysFromNow(1), to: daysFromNow(0) })).toEqual({ status: 400, fields: { to: 'validation/date_range_order' } });
    expect(await bad({ to: daysFromNow(1) })).toMatchObject({ status: 400, fields: { from: 'validation/required' } });
    expect(await bad({ from: 'yesterday', to: daysFromNow(1) })).toMatchObject({ status: 400, fields: { from: 'validation/invalid_date' } });
    // Exactly 62 days is accepted.
    expect((await call(memberScheduleListCall, { ...member.ctx, from: daysFromNow(0), to: daysFromNow(62) }, member.token)).status).toBe(200);
  });

  it('refuses a caller without a session (401) and a caller operating another team (403)', async () => {
    expect((await call(memberScheduleListCall, { ...member.ctx, from: daysFromNow(0), to: daysFromNow(1) })).status).toBe(401);
    const res = await call(memberScheduleListCall, { operatedTeamId: beta.teamId, operatedUserId: member.userId, from: daysFromNow(0), to: daysFromNow(1) }, member.token);
    expect(res.status).toBe(403);
  });
});
