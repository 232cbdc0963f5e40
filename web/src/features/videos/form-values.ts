import type { CompletionAction, Video, VideoFormInput } from '../../../../shared/api/calls/videos';
import { commonFieldOf, commonToForm, commonToInput, emptyCommonValues } from '../../components/content-fields/common-values';
import type { CommonContentValues } from '../../components/content-fields/form-access';
import { fromLocalInput, toLocalInput } from '../../lib/date-input';

/**
 * The edit form's values: the call's input with dates as the `datetime-local` text the inputs show
 * (the viewer's time zone) and chapter times as text (`1:23`), so partly typed values stay as typed.
 */
export interface VideoFormValues extends CommonContentValues {
  chapters: { time: string; title: string }[];
  metadata: { key: string; value: string }[];
  attachments: { key: string; name: string }[];
  playableStart: string;
  playableEnd: string;
  realtimePremiere: boolean;
  forcedPlayback: boolean;
  disableSeek: boolean;
  endButtonEnabled: boolean;
  endButton: { text: string; url: string; newTab: boolean };
  completionAction: CompletionAction;
  nextVideoId: string | null;
  enqueteId: string | null;
  testId: string | null;
  subtitles: { language: string; key: string }[];
}

export const emptyVideoForm = (): VideoFormValues => ({
  ...emptyCommonValues(),
  chapters: [],
  metadata: [],
  attachments: [],
  playableStart: '',
  playableEnd: '',
  realtimePremiere: false,
  forcedPlayback: false,
  disableSeek: false,
  endButtonEnabled: false,
  endButton: { text: '', url: '', newTab: true },
  completionAction: 'none',
  nextVideoId: null,
  enqueteId: null,
  testId: null,
  subtitles: [],
});

const pad = (n: number) => String(n).padStart(2, '0');

/** Seconds as `H:MM:SS` or `M:SS`. */
export function formatSeconds(total: number): string {
  const s = Math.floor(total);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return h > 0 ? `${h}:${pad(m)}:${pad(s % 60)}` : `${m}:${pad(s % 60)}`;
}

/** `H:MM:SS`, `M:SS` or plain seconds -> seconds; NaN when it is none of them. */
export function parseSeconds(text: string): number {
  const t = text.trim();
  if (!/^\d+(:\d{1,2}){0,2}$/.test(t)) return Number.NaN;
  const parts = t.split(':').map(Number);
  if (parts.slice(1).some((p) => p >= 60)) return Number.NaN;
  return parts.reduce((acc, p) => acc * 60 + p, 0);
}

export function videoToForm(v: Video): VideoFormValues {
  return {
    ...commonToForm(v),
    chapters: v.chapters.map((c) => ({ time: formatSeconds(c.seconds), title: c.title })),
    metadata: v.metadata,
    attachments: v.attachments,
    playableStart: toLocalInput(v.playablePeriod?.start),
    playableEnd: toLocalInput(v.playablePeriod?.end),
    realtimePremiere: v.playablePeriod?.realtimePremiere ?? false,
    forcedPlayback: v.forcedPlayback,
    disableSeek: v.disableSeek,
    endButtonEnabled: !!v.endButton,
    endButton: v.endButton ?? { text: '', url: '', newTab: true },
    completionAction: v.completionAction,
    nextVideoId: v.nextVideoId ?? null,
    enqueteId: v.enqueteId ?? null,
    testId: v.testId ?? null,
    subtitles: v.subtitles,
  };
}

/** What `/video/create` and `/video/update` take (validated by the same `videoFormSchema`). */
export function formToInput(f: VideoFormValues): VideoFormInput {
  return {
    ...commonToInput(f),
    chapters: f.chapters.map((c) => ({ seconds: parseSeconds(c.time), title: c.title.trim() })),
    metadata: f.metadata.map((m) => ({ key: m.key.trim(), value: m.value.trim() })),
    attachments: f.attachments,
    playableStart: fromLocalInput(f.playableStart),
    playableEnd: fromLocalInput(f.playableEnd),
    realtimePremiere: f.realtimePremiere,
    forcedPlayback: f.forcedPlayback,
    disableSeek: f.disableSeek,
    endButton: f.endButtonEnabled ? { text: f.endButton.text.trim(), url: f.endButton.url.trim(), newTab: f.endButton.newTab } : null,
    completionAction: f.completionAction,
    nextVideoId: f.completionAction === 'nextVideo' ? f.nextVideoId : null,
    enqueteId: f.completionAction === 'survey' ? f.enqueteId : null,
    testId: f.completionAction === 'test' ? f.testId : null,
    subtitles: f.subtitles,
  };
}

/** Schema issue paths (`chapters.0.seconds`) -> the form's field names (`chapters.0.time`); a price's or file's issue goes to its common field. */
export function formFieldOf(path: string): string {
  return commonFieldOf(path.replace(/^chapters\.(\d+)\.seconds$/, 'chapters.$1.time'));
}
