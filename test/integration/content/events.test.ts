import '../support/platform-env';
import { beforeAll, describe, expect, it } from 'vitest';
import { getMemberContentCall, type MemberContentAnswer } from '../../../shared/api/calls/content-items';
import * as eventsCalls from '../../../shared/api/calls/events';
import type { EventView } from '../../../shared/api/calls/events';
import { groupCreateCall } from '../../../shared/api/calls/groups';
import { createLiveCall, deleteLiveCall } from '../../../shared/api/calls/lives';
import { getMemberVideoCall, recordMemberVideoProgressCall, type MemberVideoAnswer } from '../../../shared/api/calls/member-videos';
import { deleteVideoCall } from '../../../shared/api/calls/videos';
import type { CallDef } from '../../../shared/api/define';
import { listApplications } from '../../../lambdas/content/event/event-application';
import { call } from '../support/api';
import { type Caller, newOperator, ok } from './people';
import { newMember, readyVideo } from './ready-videos';

/**
 * SPEC §3 Event (application format) and SPEC §4's event states: applying, the states over the periods, and the
 * event's contents opened through it (`eventId` on the member calls) by applicants only, during the hold period.
 */
let alpha: Caller;
let beta: Caller;
let applicant: Caller;
let bystander: Caller;
let groupId: string;

const refused = async (who: Caller, def: CallDef, input: Record<string, unknown>) => {
  const res = await call(def, { ...who.ctx, ...input }, who.token);
  return { status: res.status, code: res.body.error?.code };
};

const hoursFromNow = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();
type Contents = { type: 'video' | 'live' | 'pdf'; id: string }[];
/** Hours from now of the application and hold periods. */
type Periods = [applicationStart: number, applicationEnd: number, holdStart: number, holdEnd: number];
const OPEN_THEN_HELD: Periods = [-1, 24, 48, 50];
const HELD_NOW: Periods = [-2, 1, -1, 2];
const OVER: Periods = [-5, -3, -4, -1];
const NOT_YET_OPEN: Periods = [1, 2, 3, 4];

const fields = (contents: Contents, [a, b, c, d]: Periods) => ({
  format: 'application',
  applicationStart: hoursFromNow(a),
  applicationEnd: hoursFromNow(b),
  holdStart: hoursFromNow(c),
  holdEnd: hoursFromNow(d),
  contents,
});
const createEvent = async (who: Caller, contents: Contents, periods: Periods, extra: Record<string, unknown> = {}) =>
  (await ok<{ id: string }>(who, eventsCalls.createEventCall, { title: 'Spring seminar', status: 'public', fields: fields(contents, periods), ...extra })).id;
const moveEvent = (who: Caller, id: string, version: number, contents: Contents, periods: Periods) =>
  ok<{ version: number }>(who, eventsCalls.updateEventCall, { id, version, title: 'Spring seminar', status: 'public', fields: fields(contents, periods) });
const eventPage = async (who: Caller, id: string) => {
  const answer = await ok<MemberContentAnswer>(who, getMemberContentCall, { type: 'event', id });
  return { state: answer.state, view: answer.view as EventView };
};
const privateVideo = (who: Caller, title = 'Seminar recording') => readyVideo(who, { title, status: 'private' });

beforeAll(async () => {
  [alpha, beta] = await Promise.all([newOperator('Events Alpha'), newOperator('Events Beta')]);
  groupId = (await ok<{ group: { groupId: string } }>(alpha, groupCreateCall, { name: 'Insiders' })).group.groupId;
  [applicant, bystander] = await Promise.all([newMember(alpha.teamId), newMember(alpha.teamId)]);
});

describe('/member_content/apply_event', () => {
  it('moves an unapplied member to before event; applying twice is one application', async () => {
    const videoId = await privateVideo(alpha);
    const id = await createEvent(alpha, [{ type: 'video', id: videoId }], OPEN_THEN_HELD);
    const before = await eventPage(applicant, id);
    expect(before.state).toBe('unapplied');
    expect(before.view.applied).toBe(false);

    expect(await ok(applicant, eventsCalls.applyEventCall, { eventId: id })).toEqual({ state: 'beforeEvent' });
    const after = await eventPage(applicant, id);
    expect(after.state).toBe('beforeEvent');
    expect(after.view).toMatchObject({ applied: true, contents: [{ type: 'video', id: videoId, title: 'Seminar recording', openable: false }] });
    const [first] = await listApplications(alpha.teamId, id, 10);

    // Again, and twice at once: the same answer, still the one application with its first time.
    const again = await Promise.all([0, 1, 2].map(() => ok(applicant, eventsCalls.applyEventCall, { eventId: id })));
    expect(again).toEqual([0, 1, 2].map(() => ({ state: 'beforeEvent' })));
    expect(await listApplications(alpha.teamId, id, 10)).toEqual([first]);
    expect(first).toMatchObject({ eventId: id, userId: applicant.userId });

    // Someone else's application is theirs: the bystander is still unapplied.
    expect((await eventPage(bystander, id)).state).toBe('unapplied');
    // Before the hold period the contents do not open through the event.
    expect(await refused(applicant, getMemberVideoCall, { videoId, eventId: id })).toEqual({ status: 404, code: 'video/not_found' });
  });

  it('refuses applying outside the application period, and the event stays unapplied', async () => {
    const contents: Contents = [{ type: 'video', id: await privateVideo(alpha) }];
    for (const periods of [NOT_YET_OPEN, OVER]) {
      const id = await createEvent(alpha, contents, periods);
      expect((await eventPage(applicant, id)).state).toBe('outsideApplicationPeriod');
      // The catalogue answers `common/illegal_operation` with 400.
      expect(await refused(applicant, eventsCalls.applyEventCall, { eventId: id })).toEqual({ status: 400, code: 'common/illegal_operation' });
      expect(await listApplications(alpha.teamId, id, 10)).toEqual([]);
    }
  });

  it("answers 404 for another team's event, a private event and one limited to groups the member is in none of", async () => {
    const theirs = await createEvent(beta, [{ type: 'video', id: await privateVideo(beta) }], OPEN_THEN_HELD);
    const contents: Contents = [{ type: 'video', id: await privateVideo(alpha) }];
    const unpublished = await createEvent(alpha, contents, OPEN_THEN_HELD, { status: 'private' });
    const grouped = await createEvent(alpha, contents, OPEN_THEN_HELD, { groupIds: [groupId] });
    for (const eventId of [theirs, unpublished, grouped]) {
      expect(await refused(applicant, eventsCalls.applyEventCall, { eventId })).toEqual({ status: 404, code: 'common/not_found' });
      expect((await refused(applicant, getMemberContentCall, { type: 'event', id: eventId })).status).toBe(404);
      expect(await listApplications(eventId === theirs ? beta.teamId : alpha.teamId, eventId, 10)).toEqual([]);
    }
    expect(await refused(applicant, eventsCalls.applyEventCall, { eventId: 'NOSUCHEVENT' })).toEqual({ status: 404, code: 'common/not_found' });
  });
});

describe('an event’s contents, opened through it', () => {
  let eventId: string;
  let version: number;
  let privateId: string;
  let groupOnlyId: string;
  let liveId: string;
  let contents: Contents;

  beforeAll(async () => {
    privateId = await privateVideo(alpha, 'Private session');
    // Public but limited to a group neither member is in (written to the record, as ready-videos does).
    groupOnlyId = await readyVideo(alpha, { title: 'Insiders only', status: 'public' }, [groupId]);
    liveId = (
      await ok<{ id: string }>(alpha, createLiveCall, {
        title: 'Seminar live',
        status: 'private',
        fields: { platform: 'other', url: 'https://example.com/stream', startAt: hoursFromNow(-0.5), endAt: hoursFromNow(2) },
      })
    ).id;
    contents = [
      { type: 'video', id: privateId },
      { type: 'video', id: groupOnlyId },
      { type: 'live', id: liveId },
    ];
    // Applications open now, held later; the applicant applies, then the hold period is moved onto now.
    eventId = await createEvent(alpha, contents, OPEN_THEN_HELD);
    await ok(applicant, eventsCalls.applyEventCall, { eventId });
    version = (await moveEvent(alpha, eventId, 1, contents, HELD_NOW)).version;
  });

  it('is visible to an applicant during the hold period, with every content openable', async () => {
    const page = await eventPage(applicant, eventId);
    expect(page.state).toBe('visible');
    expect(page.view.contents.map((c) => [c.type, c.id, c.openable])).toEqual(contents.map((c) => [c.type, c.id, true]));
    // The bystander may still apply (the application period is open) and sees nothing openable.
    const other = await eventPage(bystander, eventId);
    expect(other.state).toBe('unapplied');
    expect(other.view.contents.every((c) => !c.openable)).toBe(true);
  });

  it('lists the number of its contents as the admin list summary', async () => {
    const rows = await ok<{ items: { id: string; summary?: string }[] }>(alpha, eventsCalls.listEventsCall, { query: 'Spring seminar' });
    expect(rows.items.find((r) => r.id === eventId)?.summary).toBe(String(contents.length));
  });

  it('opens a private or group-limited video for an applicant with eventId, and for nobody else', async () => {
    for (const videoId of [privateId, groupOnlyId]) {
      const watch = await ok<MemberVideoAnswer>(applicant, getMemberVideoCall, { videoId, eventId });
      expect(watch.state).toBe('visible');
      expect(watch.playback?.playlistUrl).toBeTruthy();
      expect(await ok(applicant, recordMemberVideoProgressCall, { videoId, eventId, event: 'start', positionSeconds: 0 })).toEqual({ positionSeconds: 0, finished: false });
      // Not an applicant: not found, like an unknown video.
      expect(await refused(bystander, getMemberVideoCall, { videoId, eventId })).toEqual({ status: 404, code: 'video/not_found' });
      expect((await refused(bystander, recordMemberVideoProgressCall, { videoId, eventId, event: 'start', positionSeconds: 0 })).status).toBe(404);
    }
    // Without the event, the videos' own audience decides: the private one does not exist, the other is refused.
    expect(await refused(applicant, getMemberVideoCall, { videoId: privateId })).toEqual({ status: 404, code: 'video/not_found' });
    expect((await refused(applicant, getMemberVideoCall, { videoId: groupOnlyId })).status).toBe(403);
    expect((await refused(applicant, recordMemberVideoProgressCall, { videoId: privateId, event: 'start', positionSeconds: 0 })).status).toBe(404);
  });

  it('opens a private live through the event with the generic member call', async () => {
    const live = await ok<MemberContentAnswer>(applicant, getMemberContentCall, { type: 'live', id: liveId, eventId });
    expect(live.state).toBe('visible');
    expect(live.item.title).toBe('Seminar live');
    for (const [who, input] of [
      [applicant, { type: 'live', id: liveId }],
      [bystander, { type: 'live', id: liveId, eventId }],
    ] as const) {
      expect(await refused(who, getMemberContentCall, input)).toEqual({ status: 404, code: 'live/not_found' });
    }
  });

  it('opens nothing the event does not hold, nor through another team’s or an unknown event', async () => {
    const outside = await privateVideo(alpha, 'Not in the event');
    const theirs = await createEvent(beta, [{ type: 'video', id: await privateVideo(beta) }], OPEN_THEN_HELD);
    for (const input of [
      { videoId: outside, eventId },
      { videoId: privateId, eventId: theirs },
      { videoId: privateId, eventId: 'NOSUCHEVENT' },
      // The event itself is not a content of the event.
      { videoId: privateId, eventId: privateId },
    ]) {
      expect(await refused(applicant, getMemberVideoCall, input), JSON.stringify(input)).toEqual({ status: 404, code: 'video/not_found' });
    }
    expect((await refused(applicant, getMemberContentCall, { type: 'event', id: eventId, eventId })).status).toBe(404);
  });

  it('keeps every content of the event from being deleted while the event holds it', async () => {
    expect(await refused(alpha, deleteVideoCall, { videoId: privateId })).toEqual({ status: 409, code: 'deletion/video_in_playlist' });
    expect(await refused(alpha, deleteLiveCall, { id: liveId })).toEqual({ status: 409, code: 'deletion/content_in_use' });
  });

  it('is after event once the hold period ended: nothing opens any more', async () => {
    version = (await moveEvent(alpha, eventId, version, contents, OVER)).version;
    const page = await eventPage(applicant, eventId);
    expect(page.state).toBe('afterEvent');
    expect(page.view.applied).toBe(true);
    expect(page.view.contents.every((c) => !c.openable)).toBe(true);
    expect(await refused(applicant, getMemberVideoCall, { videoId: privateId, eventId })).toEqual({ status: 404, code: 'video/not_found' });
    expect((await eventPage(bystander, eventId)).state).toBe('outsideApplicationPeriod');

    // The event deleted, its contents are free again.
    await ok(alpha, eventsCalls.deleteEventCall, { id: eventId });
    await ok(alpha, deleteVideoCall, { videoId: privateId });
    await ok(alpha, deleteLiveCall, { id: liveId });
  });
});
