import { describe, expect, it } from 'vitest';
import { contentItemFormSchema } from '../../../shared/api/calls/content-items';
import { liveFieldsSchema, liveVideoUrl } from '../../../shared/api/calls/lives';
import { storedLiveFields } from '../../../lambdas/content/live/live-rules';
import { fieldCodes } from '../rules/helpers';

const times = { startAt: '2026-06-15T10:00:00+09:00', endAt: '2026-06-15T11:30:00+09:00' };
const zoomLive = { platform: 'zoomMeeting', meetingId: '123 4567 8901', passcode: 'a1@_*-', ...times };

describe('live fields (SPEC §3 Live, §5 meeting/webinar ID, video-site URL or ID)', () => {
  it('reads a Zoom live: the ID without its grouping, the times as UTC text, no survey yet', () => {
    expect(liveFieldsSchema.parse(zoomLive)).toEqual({
      platform: 'zoomMeeting',
      meetingId: '12345678901',
      passcode: 'a1@_*-',
      url: '',
      startAt: '2026-06-15T01:00:00.000Z',
      endAt: '2026-06-15T02:30:00.000Z',
      enqueteId: null,
    });
  });

  it('a Zoom meeting or webinar needs its ID, of 9 to 11 digits; a passcode is optional but Zoom-shaped', () => {
    for (const platform of ['zoomMeeting', 'zoomWebinar']) {
      expect(fieldCodes(liveFieldsSchema, { platform, ...times })).toEqual({ meetingId: 'validation/required' });
      expect(fieldCodes(liveFieldsSchema, { platform, meetingId: '  ', ...times })).toEqual({ meetingId: 'validation/required' });
    }
    expect(fieldCodes(liveFieldsSchema, { ...zoomLive, meetingId: '12345678' })).toEqual({ meetingId: 'validation/invalid_value' });
    expect(fieldCodes(liveFieldsSchema, { ...zoomLive, meetingId: '123456789012' })).toEqual({ meetingId: 'validation/invalid_value' });
    expect(fieldCodes(liveFieldsSchema, { ...zoomLive, meetingId: '12345678a' })).toEqual({ meetingId: 'validation/invalid_value' });
    expect(fieldCodes(liveFieldsSchema, { ...zoomLive, meetingId: '123456789' })).toEqual({});
    expect(fieldCodes(liveFieldsSchema, { ...zoomLive, passcode: '' })).toEqual({});
    expect(fieldCodes(liveFieldsSchema, { ...zoomLive, passcode: 'pass word' })).toEqual({ passcode: 'validation/invalid_value' });
    expect(fieldCodes(liveFieldsSchema, { ...zoomLive, passcode: '12345678901' })).toEqual({ passcode: 'validation/too_long' });
    // A Zoom live needs no URL.
    expect(fieldCodes(liveFieldsSchema, { ...zoomLive, url: '' })).toEqual({});
  });

  it('YouTube, Vimeo and other lives need their URL; YouTube and Vimeo on their own hosts, or a bare video ID', () => {
    expect(fieldCodes(liveFieldsSchema, { platform: 'youtube', ...times })).toEqual({ url: 'validation/required' });
    expect(fieldCodes(liveFieldsSchema, { platform: 'other', url: ' ', ...times })).toEqual({ url: 'validation/required' });
    expect(fieldCodes(liveFieldsSchema, { platform: 'youtube', url: 'https://vimeo.com/1234', ...times })).toEqual({ url: 'validation/invalid_value' });
    expect(fieldCodes(liveFieldsSchema, { platform: 'vimeo', url: 'https://youtu.be/dQw4w9WgXcQ', ...times })).toEqual({ url: 'validation/invalid_value' });
    expect(fieldCodes(liveFieldsSchema, { platform: 'youtube', url: 'https://youtube.com.evil.example/watch', ...times })).toEqual({ url: 'validation/invalid_value' });
    expect(fieldCodes(liveFieldsSchema, { platform: 'other', url: 'javascript:alert(1)', ...times })).toEqual({ url: 'validation/invalid_value' });
    expect(fieldCodes(liveFieldsSchema, { platform: 'other', url: 'ftp://example.com/live', ...times })).toEqual({ url: 'validation/invalid_value' });
    expect(fieldCodes(liveFieldsSchema, { platform: 'other', url: 'https://user:pw@example.com/', ...times })).toEqual({ url: 'validation/invalid_value' });
    // A meeting ID left over from another platform is not checked (and not stored).
    expect(fieldCodes(liveFieldsSchema, { platform: 'youtube', url: 'https://www.youtube.com/live/abc', meetingId: 'x', ...times })).toEqual({});

    expect(liveVideoUrl('youtube', 'dQw4w9WgXcQ')).toBe('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    expect(liveVideoUrl('vimeo', '76979871')).toBe('https://vimeo.com/76979871');
    expect(liveVideoUrl('other', 'dQw4w9WgXcQ')).toBeUndefined();
    expect(liveVideoUrl('youtube', 'https://M.YouTube.com/watch?v=x')).toBe('https://m.youtube.com/watch?v=x');
    expect(liveVideoUrl('vimeo', 'https://player.vimeo.com/video/1')).toBe('https://player.vimeo.com/video/1');
    expect(liveVideoUrl('other', 'http://example.com/stream')).toBe('http://example.com/stream');
  });

  it('starts strictly before it ends, the issue on the end', () => {
    expect(fieldCodes(liveFieldsSchema, { ...zoomLive, endAt: times.startAt })).toEqual({ endAt: 'validation/view_period_order' });
    expect(fieldCodes(liveFieldsSchema, { ...zoomLive, startAt: '2026-06-15T12:00:00Z', endAt: '2026-06-15T11:00:00Z' })).toEqual({
      endAt: 'validation/view_period_order',
    });
    expect(fieldCodes(liveFieldsSchema, { ...zoomLive, startAt: '2026-02-30T10:00:00Z' })).toEqual({ startAt: 'validation/invalid_date' });
    expect(fieldCodes(liveFieldsSchema, { ...zoomLive, endAt: undefined })).toEqual({ endAt: 'validation/required' });
    expect(fieldCodes(liveFieldsSchema, { ...zoomLive, platform: 'radio' })).toEqual({ platform: 'validation/invalid_value' });
  });

  it('reports each issue on its own field, all at once, under `fields` in the item form', () => {
    const form = contentItemFormSchema(liveFieldsSchema);
    expect(fieldCodes(form, { title: 'Live', fields: { platform: 'vimeo', url: 'https://example.com', ...times, endAt: times.startAt } })).toEqual({
      'fields.url': 'validation/invalid_value',
      'fields.endAt': 'validation/view_period_order',
    });
  });

  it('stores only what the platform uses, a bare video ID as its URL', () => {
    const zoom = storedLiveFields(liveFieldsSchema.parse({ ...zoomLive, url: 'https://example.com', enqueteId: '01SURVEY' }));
    expect(zoom).toEqual({ platform: 'zoomMeeting', meetingId: '12345678901', passcode: 'a1@_*-', startAt: '2026-06-15T01:00:00.000Z', endAt: '2026-06-15T02:30:00.000Z', enqueteId: '01SURVEY' });
    const youtube = storedLiveFields(liveFieldsSchema.parse({ platform: 'youtube', url: 'dQw4w9WgXcQ', meetingId: '123456789', passcode: 'x', ...times }));
    expect(youtube).toEqual({ platform: 'youtube', url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', startAt: '2026-06-15T01:00:00.000Z', endAt: '2026-06-15T02:30:00.000Z' });
  });
});
