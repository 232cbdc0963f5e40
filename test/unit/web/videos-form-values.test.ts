import { describe, expect, it } from 'vitest';
import { videoFormSchema, type Video } from '../../../shared/api/calls/videos';
import {
  emptyVideoForm,
  formFieldOf,
  formToInput,
  parseSeconds,
  formatSeconds,
  videoToForm,
} from '../../../web/src/features/videos/form-values';
import { fromLocalInput, toLocalInput } from '../../../web/src/lib/date-input';

const stored: Video = {
  videoId: 'V1',
  title: 'Intro',
  tagIds: ['T1'],
  categoryId: 'C1',
  overview: 'About',
  chapters: [{ seconds: 83, title: 'Start' }],
  metadata: [{ key: 'speaker', value: 'Sato' }],
  attachments: [],
  status: 'publicationPeriod',
  publicationPeriod: { start: '2030-01-01T00:00:00.000Z', end: '2030-02-01T00:00:00.000Z' },
  isPublic: false,
  isListHidden: true,
  groupIds: [],
  forcedPlayback: true,
  disableSeek: false,
  endButton: { text: 'More', url: 'https://example.com', newTab: false },
  completionAction: 'none',
  subtitles: [],
  uploadState: 'ready',
  latestVersion: 1,
  createdAt: '2029-01-01T00:00:00.000Z',
  updatedAt: '2029-01-01T00:00:00.000Z',
  version: 3,
};

describe('video form values', () => {
  it('a stored video goes through the form and back unchanged, and passes the server schema', () => {
    const input = formToInput(videoToForm(stored));
    expect(input).toMatchObject({
      title: 'Intro',
      categoryId: 'C1',
      tagIds: ['T1'],
      chapters: [{ seconds: 83, title: 'Start' }],
      metadata: [{ key: 'speaker', value: 'Sato' }],
      status: 'publicationPeriod',
      publicationStart: '2030-01-01T00:00:00.000Z',
      publicationEnd: '2030-02-01T00:00:00.000Z',
      isListHidden: true,
      forcedPlayback: true,
      endButton: { text: 'More', url: 'https://example.com', newTab: false },
      nextVideoId: null,
    });
    expect(videoFormSchema({ now: () => new Date('2029-06-01T00:00:00Z') }).safeParse(input).success).toBe(true);
  });

  it('an empty form leaves dates out and turns the end button off', () => {
    const input = formToInput({ ...emptyVideoForm(), title: ' A ', publicationStart: '2030-01-01T10:00' });
    expect(input.title).toBe('A');
    expect(input.releasedAt).toBeUndefined();
    // Dates of a period are only sent when the status is a publication period.
    expect(input.publicationStart).toBeUndefined();
    expect(input.endButton).toBeNull();
  });

  it('the schema names the missing period dates and a bad chapter time by the form field', () => {
    const input = formToInput({ ...emptyVideoForm(), title: 'A', status: 'publicationPeriod', chapters: [{ time: '1:75', title: 'x' }] });
    const result = videoFormSchema().safeParse(input);
    expect(result.success).toBe(false);
    const paths = result.error!.issues.map((i) => formFieldOf(i.path.join('.')));
    expect(paths).toContain('chapters.0.time');
  });

  it('local date-time text and ISO convert both ways in the viewer time zone', () => {
    const iso = '2030-03-04T05:06:00.000Z';
    expect(fromLocalInput(toLocalInput(iso))).toBe(iso);
    expect(fromLocalInput('')).toBeUndefined();
    expect(fromLocalInput('not a date')).toBe('not a date');
  });

  it('chapter times read H:MM:SS, M:SS and seconds', () => {
    expect(parseSeconds('83')).toBe(83);
    expect(parseSeconds('1:23')).toBe(83);
    expect(parseSeconds('1:02:03')).toBe(3723);
    expect(parseSeconds('1:60')).toBeNaN();
    expect(parseSeconds('abc')).toBeNaN();
    expect(formatSeconds(3723)).toBe('1:02:03');
    expect(formatSeconds(83)).toBe('1:23');
  });
});
