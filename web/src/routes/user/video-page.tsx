import { Alert, Button, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconClock, IconLock, IconMoodEmpty } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { parseTimeParameter } from '../../../../shared/rules/time-parameter';
import { recordProgress, useMemberVideo } from '../../features/member-videos/api';
import { VideoPlayer } from '../../features/player/components/video-player';
import { ApiError } from '../../lib/api-error';
import { formatDate } from '../../lib/format';

/** SPEC §2 /user/:teamId/video/:videoId: the watch page with each SPEC §4 access state. */
function VideoPage() {
  const { t } = useTranslation();
  const { teamId = '', videoId = '' } = useParams();
  const [search] = useSearchParams();
  const { data, error, isLoading, mutate } = useMemberVideo(videoId);
  const base = `/user/${encodeURIComponent(teamId)}`;
  // SPEC §5 time parameter; any other text is ignored (no error page).
  const t0 = search.get('t');
  const timeParameter = t0 === null ? undefined : parseTimeParameter(t0.trim());

  const back = (
    <Button component={Link} to={`${base}/videos/newer`} variant="default" w="fit-content">
      {t('player:page.backToList')}
    </Button>
  );
  const message = (title: string, body: string, icon: ReactNode) => (
    <Paper withBorder p="lg" radius="md" maw={720}>
      <Stack gap="sm">
        {icon}
        <Title order={1} size="h3">
          {title}
        </Title>
        <Text c="dimmed">{body}</Text>
        {back}
      </Stack>
    </Paper>
  );

  if (isLoading) return <Skeleton h={360} maw={960} radius="md" aria-busy />;
  if (error instanceof ApiError && error.status === 404) {
    return message(t('player:page.notFoundTitle'), t('player:page.notFoundBody'), <IconMoodEmpty size={40} aria-hidden />);
  }
  if (error instanceof ApiError && error.status === 403) {
    return message(t('player:page.notInGroupTitle'), t('player:page.notInGroupBody'), <IconLock size={40} aria-hidden />);
  }
  if (error || !data) {
    return (
      <Alert color="red" variant="light" title={t('player:page.loadFailed')} role="alert" maw={720}>
        {t('player:page.networkError')}
        <Button mt="sm" size="xs" variant="white" color="red" onClick={() => void mutate()} display="block">
          {t('common:actions.retry')}
        </Button>
      </Alert>
    );
  }
  const { video } = data;
  if (data.state === 'beforeRelease') {
    const date = video.playableStart ? formatDate(video.playableStart) : '';
    return message(video.title, `${t('player:page.beforeReleaseTitle')} ${t('player:page.beforeReleaseBody', { date })}`, <IconClock size={40} aria-hidden />);
  }
  if (data.state === 'afterRelease' || !data.playback) {
    const date = video.playableEnd ? formatDate(video.playableEnd) : '';
    return message(video.title, `${t('player:page.afterReleaseTitle')} ${t('player:page.afterReleaseBody', { date })}`, <IconClock size={40} aria-hidden />);
  }
  return (
    <Stack gap="lg" maw={960}>
      <Title order={1} size="h2">
        {video.title}
      </Title>
      <VideoPlayer
        key={video.videoId}
        video={video}
        playlistUrl={data.playback.playlistUrl}
        subtitles={data.playback.subtitles}
        resume={data.resume}
        timeParameter={timeParameter}
        nextVideoPath={video.nextVideoId ? `${base}/video/${encodeURIComponent(video.nextVideoId)}` : undefined}
        onViewEvent={(event, position) => void recordProgress(video.videoId, event, position).catch(() => undefined)}
        onRetry={() => void mutate()}
      />
      {video.overview && (
        <Stack gap={4}>
          <Title order={2} size="h4">
            {t('player:player.overview')}
          </Title>
          <Text style={{ whiteSpace: 'pre-wrap' }}>{video.overview}</Text>
        </Stack>
      )}
    </Stack>
  );
}

export { VideoPage as Component };
