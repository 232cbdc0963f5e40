import { isZoomPlatform, liveVideoUrl, type LiveFields, type LiveFieldsForm, type LiveJoin, type LiveView } from '../../../shared/api/calls/lives';
import { liveJoinWindow, livePhase } from '../../../shared/live-schedule';
import { AppError } from '../../core/http/app-error';
import { getEnquete } from '../../core/entities/enquete';
import { itemRules } from '../items/item-types';

/**
 * SPEC §3 Live. The live's window (its start less the join lead time, to its end, within the item's viewable
 * period) is the access decision's release period, so a member is `beforeRelease` before it, `visible` inside it
 * and `afterRelease` after it; the join link is part of the member view only while `visible`. The schedule
 * (platform, times, phase) is shown in every state the member may see the item in. The phase comes from the clock.
 */

/** A Zoom meeting's or webinar's join page. Zoom's own links carry `pwd`, an encoding of the passcode that cannot be
 * made from the passcode itself, so the passcode is given beside the link for the member to type. */
export const zoomJoinUrl = (meetingId: string): string => `https://zoom.us/j/${meetingId}`;

export function liveJoin(fields: LiveFields): LiveJoin | undefined {
  if (isZoomPlatform(fields.platform)) {
    return fields.meetingId ? { url: zoomJoinUrl(fields.meetingId), meetingId: fields.meetingId, ...(fields.passcode ? { passcode: fields.passcode } : {}) } : undefined;
  }
  return fields.url ? { url: fields.url } : undefined;
}

/** What is stored of a checked form: only what the platform uses; a bare YouTube/Vimeo ID becomes its URL. */
export function storedLiveFields(form: LiveFieldsForm): LiveFields {
  const common = { platform: form.platform, startAt: form.startAt, endAt: form.endAt, ...(form.enqueteId ? { enqueteId: form.enqueteId } : {}) };
  if (form.platform === 'zoomMeeting' || form.platform === 'zoomWebinar') {
    return { ...common, meetingId: form.meetingId, ...(form.passcode ? { passcode: form.passcode } : {}) };
  }
  const url = liveVideoUrl(form.platform, form.url);
  // The schema refused anything else already; this guards a caller that skipped it.
  if (!url) throw new Error('A live needs its URL');
  return { ...common, url };
}

export const liveRules = itemRules<LiveFields, LiveView>({
  type: 'live',
  notFound: 'live/not_found',
  ready: () => true,
  references: () => [],
  // The admin list's line: when it starts (the page formats it in the reader's zone).
  summary: (item) => (item.fields as LiveFields).startAt,
  async prepare(teamId, form) {
    const fields = form.fields as unknown as LiveFieldsForm;
    // SPEC §3 Live survey: one of this team's surveys (another team's id reads as unknown).
    if (fields.enqueteId && !(await getEnquete(teamId, fields.enqueteId))) {
      throw new AppError('common/invalid_input', { 'fields.enqueteId': 'validation/invalid_value' });
    }
    return storedLiveFields(fields);
  },
  access: (item) => ({ releasePeriod: liveJoinWindow(item.fields, item.viewablePeriod) }),
  async memberView(item, { state, now }) {
    const { platform, startAt, endAt } = item.fields;
    const window = liveJoinWindow(item.fields, item.viewablePeriod);
    const join = state === 'visible' ? liveJoin(item.fields) : undefined;
    const survey = item.fields.enqueteId ? { enqueteId: item.fields.enqueteId } : {};
    return { platform, startAt, endAt, phase: livePhase(item.fields, now), joinOpensAt: window.start, joinClosesAt: window.end, ...(join ? { join } : {}), ...survey };
  },
});
