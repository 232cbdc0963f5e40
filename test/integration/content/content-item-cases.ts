import { expect } from 'vitest';
import { articleCalls } from '../../../shared/api/calls/articles';
import { eventCalls, type EventView } from '../../../shared/api/calls/events';
import { liveCalls, type LiveView } from '../../../shared/api/calls/lives';
import { pdfCalls, type PdfDocumentView } from '../../../shared/api/calls/pdfs';
import { playlistCalls, type PlaylistView } from '../../../shared/api/calls/playlists';
import type { ContentItemCalls, ContentItemType, MemberContentAnswer } from '../../../shared/api/calls/content-items';
import type { ErrorCode } from '../../../shared/errors';
import { newOperator, type Caller } from './people';
import { buildPdf } from '../../../local/sample-pdf';
import { storePdfUpload, uploadPdf } from './pdf-files';
import { fetchPath, readyVideo } from './ready-videos';

/**
 * One row per content item type for content-items.test.ts: its calls, a valid `fields` (made in the caller's
 * team), invalid ones with the field each names, the state a member sees on a public item, and what its member
 * view must hold.
 */
export interface ContentItemTypeCase {
  type: ContentItemType;
  calls: ContentItemCalls;
  notFound: ErrorCode;
  /** A valid form's type-specific part (at least `fields`), built in `who`'s team. */
  validForm: (who: Caller) => Promise<Record<string, unknown>>;
  invalidForms: { name: string; form: (who: Caller) => Promise<Record<string, unknown>>; fields: Record<string, string> }[];
  /** The state a member gets on a public item made from `validForm`. */
  openState: MemberContentAnswer['state'];
  checkMemberView?: (answer: MemberContentAnswer, ctx: { who: Caller; id: string }) => Promise<void>;
}

/** A team of its own, made once, whose uploaded PDF another team's PDF must not take. */
let pdfOwner: Promise<Caller> | undefined;
const pdfStranger = () => (pdfOwner ??= newOperator('PDF Stranger'));

/** A team of its own, made once, whose videos a playlist of another team must not take. */
let stranger: Promise<Caller> | undefined;
const playlistStranger = () => (stranger ??= newOperator('Playlist Stranger'));

const hoursFromNow = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();
/** A live's fields, on air from half an hour ago for two hours unless told otherwise. */
const liveFields = (f: Record<string, unknown>) => ({ startAt: hoursFromNow(-0.5), endAt: hoursFromNow(2), ...f });

/** An event's fields: applications open since an hour ago for a day, held the day after. */
const eventFields = (contents: unknown[], f: Record<string, unknown> = {}) => ({
  format: 'application',
  applicationStart: hoursFromNow(-1),
  applicationEnd: hoursFromNow(24),
  holdStart: hoursFromNow(48),
  holdEnd: hoursFromNow(50),
  contents,
  ...f,
});
let eventOutsider: Promise<Caller> | undefined;
/** A private video of `who`'s team: an event's contents are typically reachable only through it. */
const eventVideo = async (who: Caller) => [{ type: 'video', id: await readyVideo(who, { title: 'Event lesson', status: 'private' }) }];

export const contentItemTypeCases: ContentItemTypeCase[] = [
  {
    type: 'article',
    calls: articleCalls as unknown as ContentItemCalls,
    notFound: 'common/not_found',
    validForm: async () => ({ fields: { html: '<h2>Welcome</h2><p>Read <a href="https://example.com" onclick="steal()">this</a>.</p><script>alert(1)</script>' } }),
    invalidForms: [
      { name: 'empty body', form: async () => ({ fields: { html: '<p> </p>' } }), fields: { 'fields.html': 'validation/required' } },
      { name: 'only a script', form: async () => ({ fields: { html: '<script>alert(1)</script>' } }), fields: { 'fields.html': 'validation/required' } },
      { name: 'no fields', form: async () => ({ fields: undefined }), fields: { 'fields': 'validation/invalid_value' } },
    ],
    openState: 'visible',
    checkMemberView: async (answer) => {
      const html = (answer.view as { html: string }).html;
      expect(html).toContain('<h2>Welcome</h2>');
      expect(html).toContain('href="https://example.com"');
      expect(html).not.toMatch(/script|onclick|alert/);
    },
  },
  {
    type: 'pdf',
    calls: pdfCalls as unknown as ContentItemCalls,
    notFound: 'pdf/not_found',
    // A real 2-page PDF stored where the browser's upload puts it; `public`: visitors may read a public one.
    validForm: async (who) => ({ fields: { fileKey: await uploadPdf(who), accessScope: 'public' } }),
    invalidForms: [
      { name: 'no file', form: async () => ({ fields: { accessScope: 'public' } }), fields: { 'fields.fileKey': 'validation/required' } },
      {
        name: "another team's PDF",
        form: async () => ({ fields: { fileKey: await uploadPdf(await pdfStranger()), accessScope: 'public' } }),
        fields: { 'fields.fileKey': 'validation/invalid_value' },
      },
      {
        name: 'a text file uploaded as a PDF',
        form: async (who) => ({ fields: { fileKey: await storePdfUpload(who.teamId, Buffer.from('just some text')), accessScope: 'public' } }),
        fields: { 'fields.fileKey': 'validation/invalid_value' },
      },
      {
        name: 'a damaged PDF and a sample that is not one',
        form: async (who) => ({
          fields: {
            fileKey: await storePdfUpload(who.teamId, Buffer.from('%PDF-1.7\nno objects, no cross-reference table\n%%EOF\n')),
            sampleKey: await storePdfUpload(who.teamId, Buffer.from('GIF89a')),
            accessScope: 'public',
          },
        }),
        fields: { 'fields.fileKey': 'validation/invalid_value', 'fields.sampleKey': 'validation/invalid_value' },
      },
      {
        name: 'a private PDF made public',
        form: async (who) => ({ isPublic: true, fields: { fileKey: await uploadPdf(who), sampleKey: await uploadPdf(who, buildPdf(['Sample'])), accessScope: 'private' } }),
        fields: { 'fields.accessScope': 'validation/private_pdf_public' },
      },
    ],
    openState: 'visible',
    checkMemberView: async (answer) => {
      const view = answer.view as PdfDocumentView;
      expect(view).toMatchObject({ pageCount: 2 });
      const res = await fetchPath(view.url);
      expect(res.status).toBe(200);
      expect(Buffer.from(await res.arrayBuffer()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect((await fetchPath(new URL(view.url, 'http://localhost').pathname)).status).toBe(403);
    },
  },
  {
    type: 'playlist',
    calls: playlistCalls as unknown as ContentItemCalls,
    notFound: 'playlist/not_found',
    validForm: async (who) => ({ fields: { videoIds: [await readyVideo(who, { title: 'Playlist lesson', status: 'public', isPublic: true })] } }),
    invalidForms: [
      { name: 'no videos', form: async () => ({ fields: { videoIds: [] } }), fields: { 'fields.videoIds': 'validation/required' } },
      {
        name: 'a video twice',
        form: async (who) => {
          const videoId = await readyVideo(who, { title: 'Twice' });
          return { fields: { videoIds: [videoId, videoId] } };
        },
        fields: { 'fields.videoIds': 'validation/invalid_value' },
      },
      {
        name: "another team's video",
        form: async () => ({ fields: { videoIds: [await readyVideo(await playlistStranger(), { title: 'Not yours' })] } }),
        fields: { 'fields.videoIds.0': 'validation/invalid_value' },
      },
    ],
    openState: 'visible',
    checkMemberView: async (answer) => {
      const { videos } = answer.view as PlaylistView;
      expect(videos).toEqual([expect.objectContaining({ title: 'Playlist lesson', durationSeconds: 5, state: 'visible' })]);
      const url = new URL(videos[0].thumbnailUrl!, 'http://localhost');
      expect((await fetchPath(`${url.pathname}${url.search}`)).status).toBe(200);
    },
  },
  {
    type: 'live',
    calls: liveCalls as unknown as ContentItemCalls,
    notFound: 'live/not_found',
    // On now: its window holds the present, so a member gets the join link.
    validForm: async () => ({ fields: liveFields({ platform: 'zoomMeeting', meetingId: '123 4567 8901', passcode: 'abc123' }) }),
    invalidForms: [
      { name: 'zoom without a meeting ID', form: async () => ({ fields: liveFields({ platform: 'zoomWebinar' }) }), fields: { 'fields.meetingId': 'validation/required' } },
      {
        name: 'youtube with another site’s URL',
        form: async () => ({ fields: liveFields({ platform: 'youtube', url: 'https://vimeo.com/123456' }) }),
        fields: { 'fields.url': 'validation/invalid_value' },
      },
      {
        name: 'end before start',
        form: async () => ({ fields: liveFields({ platform: 'other', url: 'https://example.com/stream', startAt: hoursFromNow(2), endAt: hoursFromNow(1) }) }),
        fields: { 'fields.endAt': 'validation/view_period_order' },
      },
    ],
    openState: 'visible',
    checkMemberView: async (answer) => {
      const view = answer.view as LiveView;
      expect(view).toMatchObject({ platform: 'zoomMeeting', phase: 'live', join: { url: 'https://zoom.us/j/12345678901', meetingId: '12345678901', passcode: 'abc123' } });
    },
  },
  {
    type: 'event',
    calls: eventCalls as unknown as ContentItemCalls,
    notFound: 'common/not_found',
    validForm: async (who) => ({ fields: eventFields(await eventVideo(who)) }),
    invalidForms: [
      {
        name: 'application end after hold end',
        form: async (who) => ({ fields: eventFields(await eventVideo(who), { applicationEnd: hoursFromNow(60) }) }),
        fields: { 'fields.applicationEnd': 'validation/application_ends_after_hold' },
      },
      {
        name: 'hold end before hold start',
        form: async (who) => ({ fields: eventFields(await eventVideo(who), { holdEnd: hoursFromNow(47) }) }),
        fields: { 'fields.holdEnd': 'validation/hold_period_order' },
      },
      { name: 'no contents', form: async () => ({ fields: eventFields([]) }), fields: { 'fields.contents': 'validation/contents_required' } },
      {
        name: "another team's video",
        form: async () => ({ fields: eventFields(await eventVideo(await (eventOutsider ??= newOperator('Event Outsider')))) }),
        fields: { 'fields.contents.0.id': 'validation/invalid_value' },
      },
    ],
    openState: 'unapplied',
    checkMemberView: async (answer) => {
      const view = answer.view as EventView;
      expect(view).toMatchObject({ format: 'application', applied: false });
      expect(view.contents).toEqual([expect.objectContaining({ type: 'video', title: 'Event lesson', openable: false })]);
      const url = new URL(view.contents[0].thumbnailUrl!, 'http://localhost');
      expect((await fetchPath(`${url.pathname}${url.search}`)).status).toBe(200);
    },
  },
];
