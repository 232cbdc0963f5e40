import { Skeleton, Stack, Title } from '@mantine/core';
import { IconClock, IconLock, IconMoodEmpty } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useSearchParams } from 'react-router';
import type { MemberVideo, MemberVideoState, VideoPlayback, ViewEvent } from '../../../../../shared/api/calls/member-videos';
import { parseTimeParameter } from '../../../../../shared/rules/time-parameter';
import type { AttachedFile } from '../../../../../shared/api/calls/files';
import { AttachedFiles } from '../../../components/attached-files';
import { OverviewText, PageMessage } from '../../../components/content-page-parts';
import { LoadError } from '../../../components/load-error';
import { ApiError } from '../../../lib/api-error';
import { formatDate } from '../../../lib/format';
import { PremiereCountdown } from './premiere-countdown';
import { VideoPlayer } from './video-player';

/** What the member and the catalog watch calls both answer. */
export interface WatchAnswer {
  state: MemberVideoState;
  video: MemberVideo;
  playback?: VideoPlayback;
  resume?: { positionSeconds: number; finished: boolean };
  /** The library files the video attaches. */
  files?: AttachedFile[];
  /** The server clock's lead on the device's when the answer arrived (ms; features/player/api.ts). */
  clockOffsetMs?: number;
}

export interface WatchViewProps {
  answer: WatchAnswer | undefined;
  error: unknown;
  isLoading: boolean;
  /** Loads the answer again (network error, or a fresh grant after a playback error). */
  onRetry: () => void;
  /** The way back shown with every message (a link button). */
  back: ReactNode;
  /** The next video's page when the video ends (completion action), if there is one to go on to. */
  nextVideoPath?: string;
  /** Shown when the video ends (the completion action's survey or test). */
  afterEnd?: ReactNode;
  onViewEvent?: (event: ViewEvent, positionSeconds: number) => void;
  /** Shown under the title (e.g. the catalog's "watch as a member" link). */
  actions?: ReactNode;
  /** SPEC §4 "unpurchased": what the page offers instead of the player (prices, or a way to log in and buy). */
  unpurchased?: ReactNode;
  /** Shown under a playable video, after its files (e.g. the member area's comments). */
  below?: ReactNode;
}

/**
 * The watch page of the member area and the catalog: each SPEC §4 access state (loading, not found, not
 * in the video's groups, before / after release, network error with retry) and, when visible, the player
 * started at the `t` parameter (SPEC §5; any other text is ignored, no error page) with the overview.
 */
export function WatchView({ answer, error, isLoading, onRetry, back, nextVideoPath, afterEnd, onViewEvent, actions, unpurchased, below }: WatchViewProps) {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const t0 = search.get('t');
  const timeParameter = t0 === null ? undefined : parseTimeParameter(t0.trim());

  const message = (title: string, body: string, icon: ReactNode) => (
    <PageMessage order={1} title={title} body={body} icon={icon}>
      {back}
    </PageMessage>
  );

  if (isLoading) return <Skeleton h={360} maw={960} radius="md" aria-busy />;
  // A malformed id (400) names no video either.
  if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
    return message(t('player:page.notFoundTitle'), t('player:page.notFoundBody'), <IconMoodEmpty size={40} aria-hidden />);
  }
  if (error instanceof ApiError && error.status === 403) {
    return message(t('player:page.notInGroupTitle'), t('player:page.notInGroupBody'), <IconLock size={40} aria-hidden />);
  }
  if (error || !answer) {
    return <LoadError title={t('player:page.loadFailed')} message={t('player:page.networkError')} icon={null} maw={720} error={error} onRetry={onRetry} />;
  }
  const { video } = answer;
  if (answer.state === 'unpurchased') {
    return (
      <Stack gap="md" maw={960}>
        {unpurchased}
        {back}
      </Stack>
    );
  }
  // SPEC §3 real-time premiere: it starts at the playable period's start; before it, a countdown.
  const premiereStart = video.realtimePremiere ? video.playableStart : undefined;
  if (answer.state === 'beforeRelease' && premiereStart) {
    return <PremiereCountdown title={video.title} start={premiereStart} clockOffsetMs={answer.clockOffsetMs ?? 0} onStart={onRetry} back={back} />;
  }
  if (answer.state === 'beforeRelease') {
    const date = video.playableStart ? formatDate(video.playableStart) : '';
    return message(video.title, `${t('player:page.beforeReleaseTitle')} ${t('player:page.beforeReleaseBody', { date })}`, <IconClock size={40} aria-hidden />);
  }
  if (answer.state === 'afterRelease' || !answer.playback) {
    const date = video.playableEnd ? formatDate(video.playableEnd) : '';
    return message(video.title, `${t('player:page.afterReleaseTitle')} ${t('player:page.afterReleaseBody', { date })}`, <IconClock size={40} aria-hidden />);
  }
  return (
    <Stack gap="lg" maw={960}>
      <Stack gap="xs">
        <Title order={1} size="h2">
          {video.title}
        </Title>
        {actions}
      </Stack>
      <VideoPlayer
        key={video.videoId}
        video={video}
        playlistUrl={answer.playback.playlistUrl}
        subtitles={answer.playback.subtitles}
        resume={answer.resume}
        timeParameter={timeParameter}
        nextVideoPath={nextVideoPath}
        afterEnd={afterEnd}
        onViewEvent={onViewEvent}
        onRetry={onRetry}
        premiere={premiereStart ? { start: premiereStart, clockOffsetMs: answer.clockOffsetMs ?? 0 } : undefined}
      />
      <OverviewText heading={t('player:player.overview')} text={video.overview} />
      <AttachedFiles files={answer.files ?? []} />
      {below}
    </Stack>
  );
}
