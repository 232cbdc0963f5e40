import { Alert, Anchor, Button, Group, NativeSelect, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type Hls from 'hls.js';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';
import type { MemberVideo, ViewEvent } from '../../../../../shared/api/calls/member-videos';
import { formatClock } from '../../../lib/format';
import { premierePhase, premiereResume, premiereSeek, PREMIERE_SLACK_SECONDS } from '../../../../../shared/rules/premiere';
import { seekTarget, seeksFreely, startPosition, type SeekPolicy } from '../seek-policy';
import { NextVideoCountdown } from './next-video-countdown';

export interface VideoPlayerProps {
  video: MemberVideo;
  playlistUrl: string;
  /** Signed subtitle files, one per language. */
  subtitles: { language: string; url: string }[];
  /** Where this member stopped, and whether they finished it once (visitors: from the start). */
  resume?: { positionSeconds: number; finished: boolean };
  /** The `t` start-time parameter, already parsed (undefined: none or not valid). */
  timeParameter?: number;
  /** The next video's page (completion action), when there is one to go on to: counted down at the end. */
  nextVideoPath?: string;
  /** What the completion action offers once the video ends besides the next video (a survey or test, from the page). */
  afterEnd?: ReactNode;
  /** View events for resume and counts (members only). */
  onViewEvent?: (event: ViewEvent, positionSeconds: number) => void;
  /** Asks the page for a fresh grant after a fatal load error. */
  onRetry: () => void;
  /**
   * SPEC §3 real-time premiere: its start and the server clock's lead on the device's. While it runs everyone is at the
   * same position (no resume, no `t`, no seeking ahead, a play resumes there); once over, the normal rules.
   */
  premiere?: { start: string; clockOffsetMs: number };
}

const SPEEDS = [0.5, 0.75, 1, 1.25, 1.5, 2];
const PROGRESS_EVERY_MS = 10_000;
const FROM_THE_START = { positionSeconds: 0, finished: false };

/**
 * The member player: hls.js (loaded with this route only) with adaptive quality, or the browser's own HLS
 * (Safari). Chapters seek, the seek rules snap forbidden seeks back, progress is reported every ~10 s and
 * at the end, and the end-of-video button and the next-video countdown show once the video ends.
 */
export function VideoPlayer({
  video,
  playlistUrl,
  subtitles,
  resume = FROM_THE_START,
  timeParameter,
  nextVideoPath,
  afterEnd,
  onViewEvent,
  onRetry,
  premiere,
}: VideoPlayerProps) {
  const { t, i18n } = useTranslation();
  const ref = useRef<HTMLVideoElement>(null);
  const hlsRef = useRef<Hls | null>(null);
  const [levels, setLevels] = useState<{ index: number; height: number }[]>([]);
  const [level, setLevel] = useState(-1);
  const [speed, setSpeed] = useState(1);
  const [subtitle, setSubtitle] = useState('');
  const [ended, setEnded] = useState(false);
  const [failed, setFailed] = useState(false);
  const [finished, setFinished] = useState(resume.finished);
  const policy: SeekPolicy = { disableSeek: video.disableSeek, forcedPlayback: video.forcedPlayback, finished };
  /** The premiere's live position now, or undefined when there is none (no premiere, or it is over). */
  const livePosition = (): number | undefined => {
    if (!premiere) return undefined;
    const el = ref.current;
    const duration = video.durationSeconds ?? (el && Number.isFinite(el.duration) ? el.duration : undefined);
    const phase = premierePhase(premiere.start, duration, Date.now() + premiere.clockOffsetMs);
    return phase.phase === 'after' ? undefined : phase.phase === 'live' ? phase.positionSeconds : 0;
  };
  const [live, setLive] = useState(() => livePosition() !== undefined);
  // Seek bookkeeping lives in refs: the media events read and write it many times a second.
  const track = useRef({ from: 0, watchedUntil: resume.positionSeconds, started: false, lastReport: 0 });

  const report = (event: ViewEvent) => {
    const el = ref.current;
    if (!el || !onViewEvent) return;
    track.current.lastReport = Date.now();
    onViewEvent(event, event === 'finish' ? el.duration || el.currentTime : el.currentTime);
  };

  // Attach the stream once per playlist URL (a new grant after a retry gives the same URL: reattach then too).
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    let cancelled = false;
    const start = livePosition() ?? startPosition(policy, timeParameter, resume.positionSeconds);
    track.current = { from: start, watchedUntil: Math.max(resume.positionSeconds, start), started: false, lastReport: 0 };
    const seekToStart = () => {
      // A premiere has moved on while the stream loaded.
      const to = livePosition() ?? start;
      track.current.from = to;
      track.current.watchedUntil = Math.max(track.current.watchedUntil, to);
      if (to > 0 && Math.abs(el.currentTime - to) > 0.5) el.currentTime = to;
    };
    el.addEventListener('loadedmetadata', seekToStart, { once: true });
    void import('hls.js').then(({ default: HlsClass }) => {
      if (cancelled) return;
      if (HlsClass.isSupported()) {
        // Cross-origin media (CloudFront) needs the signed cookies sent along; same origin sends them anyway.
        const hls = new HlsClass({ xhrSetup: (xhr) => void (xhr.withCredentials = crossOrigin) });
        hlsRef.current = hls;
        hls.on(HlsClass.Events.MANIFEST_PARSED, (_e, data) => {
          setLevels(data.levels.map((l, index) => ({ index, height: l.height })).sort((a, b) => b.height - a.height));
        });
        hls.on(HlsClass.Events.ERROR, (_e, data) => {
          if (data.fatal) setFailed(true);
        });
        hls.loadSource(playlistUrl);
        hls.attachMedia(el);
      } else {
        el.src = playlistUrl;
      }
    });
    return () => {
      cancelled = true;
      el.removeEventListener('loadedmetadata', seekToStart);
      hlsRef.current?.destroy();
      hlsRef.current = null;
    };
    // The start point is read once per stream: later resume answers must not jump the playing video.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [playlistUrl]);

  // While a premiere runs it plays at normal speed (faster would run ahead of everyone).
  useEffect(() => {
    if (ref.current) ref.current.playbackRate = live ? 1 : speed;
  }, [speed, live]);

  // The premiere's end is a moment on the clock: the page then follows the video's normal rules.
  useEffect(() => {
    if (!premiere || !live) return;
    const id = window.setInterval(() => setLive(livePosition() !== undefined), 1000);
    return () => window.clearInterval(id);
    // livePosition reads only the premiere and the element.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [premiere?.start, premiere?.clockOffsetMs, live]);

  // One language shows at a time; '' turns subtitles off.
  useEffect(() => {
    const tracks = ref.current?.textTracks;
    if (!tracks) return;
    for (let i = 0; i < tracks.length; i++) tracks[i].mode = tracks[i].language === subtitle ? 'showing' : 'disabled';
  }, [subtitle]);

  const languageName = (code: string) => {
    try {
      return new Intl.DisplayNames([i18n.language], { type: 'language' }).of(code) ?? code;
    } catch {
      return code;
    }
  };
  const crossOrigin = /^https?:\/\//.test(playlistUrl) && new URL(playlistUrl).origin !== window.location.origin;

  const onTimeUpdate = () => {
    const el = ref.current!;
    if (el.seeking) return;
    const livePos = livePosition();
    if (livePos !== undefined && el.currentTime > livePos + PREMIERE_SLACK_SECONDS) {
      track.current.from = livePos;
      el.currentTime = livePos;
      return;
    }
    track.current.from = el.currentTime;
    track.current.watchedUntil = Math.max(track.current.watchedUntil, el.currentTime);
    if (!el.paused && Date.now() - track.current.lastReport >= PROGRESS_EVERY_MS) report('progress');
  };

  const onSeeking = () => {
    const el = ref.current!;
    const normal = seekTarget(policy, el.currentTime, track.current.from, track.current.watchedUntil);
    const livePos = livePosition();
    const allowed = livePos === undefined ? normal : premiereSeek(livePos, normal);
    if (Math.abs(allowed - el.currentTime) > 0.01) el.currentTime = allowed;
  };

  const onPlay = () => {
    setEnded(false);
    // A premiere resumes where everyone is.
    const el = ref.current!;
    const livePos = livePosition();
    if (livePos !== undefined) {
      const to = premiereResume(livePos, el.currentTime);
      if (to !== el.currentTime) {
        track.current.from = to;
        el.currentTime = to;
      }
    }
    if (!track.current.started) {
      track.current.started = true;
      report('start');
    }
  };

  const onEnded = () => {
    setEnded(true);
    setFinished(true);
    track.current.started = false;
    report('finish');
  };

  const chapterAllowed = (seconds: number) => {
    const livePos = livePosition();
    if (livePos !== undefined && premiereSeek(livePos, seconds) !== seconds) return false;
    return seekTarget(policy, seconds, track.current.from, track.current.watchedUntil) === seconds;
  };
  const seekToChapter = (seconds: number) => {
    const el = ref.current;
    if (!el || !chapterAllowed(seconds)) return;
    el.currentTime = seconds;
    void el.play().catch(() => undefined);
  };

  const chooseLevel = (value: number) => {
    setLevel(value);
    if (hlsRef.current) hlsRef.current.currentLevel = value;
  };

  const retry = () => {
    setFailed(false);
    onRetry();
  };

  return (
    <Stack gap="md">
      <video
        ref={ref}
        controls
        playsInline
        aria-label={t('player:player.label')}
        style={{ width: '100%', maxHeight: '70vh', background: '#000', borderRadius: 8 }}
        onTimeUpdate={onTimeUpdate}
        onSeeking={onSeeking}
        onPlay={onPlay}
        onPause={() => report('progress')}
        onEnded={onEnded}
        {...(crossOrigin ? { crossOrigin: 'use-credentials' as const } : {})}
      >
        {subtitles.map((s) => (
          <track key={s.language} kind="subtitles" src={s.url} srcLang={s.language} label={languageName(s.language)} />
        ))}
      </video>
      {failed && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert">
          {t('player:player.playbackError')}
          <Button mt="sm" size="xs" variant="white" color="red" onClick={retry} display="block">
            {t('player:player.retry')}
          </Button>
        </Alert>
      )}
      <Group gap="md" align="end">
        {levels.length > 0 && (
          <NativeSelect
            label={t('player:player.quality')}
            value={String(level)}
            onChange={(e) => chooseLevel(Number(e.currentTarget.value))}
            data={[{ value: '-1', label: t('player:player.auto') }, ...levels.map((l) => ({ value: String(l.index), label: `${l.height}p` }))]}
          />
        )}
        {!live && (
          <NativeSelect
            label={t('player:player.speed')}
            value={String(speed)}
            onChange={(e) => setSpeed(Number(e.currentTarget.value))}
            data={SPEEDS.map((s) => ({ value: String(s), label: `${s}x` }))}
          />
        )}
        {subtitles.length > 0 && (
          <NativeSelect
            label={t('player:player.subtitles')}
            value={subtitle}
            onChange={(e) => setSubtitle(e.currentTarget.value)}
            data={[{ value: '', label: t('player:player.subtitlesOff') }, ...subtitles.map((s) => ({ value: s.language, label: languageName(s.language) }))]}
          />
        )}
      </Group>
      {live && <Text size="sm" c="dimmed">{t('player:premiere.live')}</Text>}
      {video.disableSeek && <Text size="sm" c="dimmed">{t('player:player.seekDisabled')}</Text>}
      {!video.disableSeek && !seeksFreely(policy) && <Text size="sm" c="dimmed">{t('player:player.forcedPlayback')}</Text>}
      {ended && (
        <Paper withBorder p="md" radius="md">
          <Stack gap="sm" align="flex-start">
            <Text>{t('player:player.finished')}</Text>
            {nextVideoPath && <NextVideoCountdown path={nextVideoPath} />}
            {afterEnd}
            {video.endButton && (
              <Button
                component="a"
                href={video.endButton.url}
                {...(video.endButton.newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
              >
                {video.endButton.text}
              </Button>
            )}
          </Stack>
        </Paper>
      )}
      {video.chapters.length > 0 && (
        <Stack gap={4} component="nav" aria-label={t('player:player.chapters')}>
          <Title order={2} size="h4">
            {t('player:player.chapters')}
          </Title>
          {video.chapters.map((c) => (
            <UnstyledButton
              key={`${c.seconds}-${c.title}`}
              onClick={() => seekToChapter(c.seconds)}
              disabled={video.disableSeek}
              aria-label={`${formatClock(c.seconds)} ${c.title}`}
              p={4}
            >
              <Group gap="sm" wrap="nowrap">
                <Anchor component="span" ff="monospace" size="sm">
                  {formatClock(c.seconds)}
                </Anchor>
                <Text size="sm">{c.title}</Text>
              </Group>
            </UnstyledButton>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
