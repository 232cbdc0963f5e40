import { lazy } from 'react';
import type { ContentItemCalls } from '../../../../../shared/api/calls/content-items';
import { isZoomPlatform, liveCalls, type LiveFields, type LivePlatform } from '../../../../../shared/api/calls/lives';
import { fromLocalInput, toLocalInput } from '../../../lib/date-input';
import { formatDateTime } from '../../../lib/format';
import { contentTypeUi, type ContentTypeUi } from '../content-types';

/** A live's `fields` as the form holds them: times as `datetime-local` text in the operator's zone. */
export interface LiveFormFields {
  platform: LivePlatform;
  meetingId: string;
  passcode: string;
  url: string;
  startAt: string;
  endAt: string;
  /** The survey members answer: kept as stored (surveys have no screen yet). */
  enqueteId: string | null;
}

/** SPEC §2 /admin/live: a Zoom meeting or webinar, or a YouTube, Vimeo or other stream, with its start and end. */
export const liveUi: ContentTypeUi = contentTypeUi<LiveFormFields>({
  type: 'live',
  calls: liveCalls as unknown as ContentItemCalls,
  path: 'live',
  namespace: 'lives',
  emptyFields: () => ({ platform: 'zoomMeeting', meetingId: '', passcode: '', url: '', startAt: '', endAt: '', enqueteId: null }),
  fieldsToForm: (fields) => {
    const f = fields as LiveFields;
    return {
      platform: f.platform,
      meetingId: f.meetingId ?? '',
      passcode: f.passcode ?? '',
      url: f.url ?? '',
      startAt: toLocalInput(f.startAt),
      endAt: toLocalInput(f.endAt),
      enqueteId: f.enqueteId ?? null,
    };
  },
  // Only what the platform uses is sent (the server keeps no more); the form keeps the rest while the operator
  // switches platforms.
  formToFields: (v) => ({
    platform: v.platform,
    ...(isZoomPlatform(v.platform) ? { meetingId: v.meetingId, passcode: v.passcode } : { url: v.url }),
    startAt: fromLocalInput(v.startAt),
    endAt: fromLocalInput(v.endAt),
    enqueteId: v.enqueteId,
  }),
  Editor: lazy(() => import('./live-editor')),
  // The row's summary is the start (ISO), shown in the operator's zone.
  summaryLabel: (summary) => formatDateTime(summary),
});
