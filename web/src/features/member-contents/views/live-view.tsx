import { Badge, Button, Code, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconBrandVimeo, IconBrandYoutube, IconBrandZoom, IconBroadcast, IconExternalLink, type Icon } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { MemberContentState } from '../../../../../shared/api/calls/content-items';
import type { LivePlatform, LiveView as LiveAnswer } from '../../../../../shared/api/calls/lives';
import { LIVE_JOIN_LEAD_MINUTES, livePhase, type LivePhase } from '../../../../../shared/live-schedule';
import { formatDateTime } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import type { TypeViewProps } from './view-registry';

const platformIcon: Record<LivePlatform, Icon> = {
  zoomMeeting: IconBrandZoom,
  zoomWebinar: IconBrandZoom,
  youtube: IconBrandYoutube,
  vimeo: IconBrandVimeo,
  other: IconBroadcast,
};
const phaseColor: Record<LivePhase, string> = { scheduled: 'blue', live: 'red', ended: 'gray' };

/** setTimeout's longest wait; a live further away re-arms the timer when it fires. */
const MAX_TIMEOUT = 2_147_483_647;
/** Past each moment by this much, so the server's clock has passed it too when it is asked. */
const SETTLE_MS = 1000;
/** While the server's answer and this clock disagree (clocks a little apart), ask again this often, this many times. */
const RECHECK_MS = 10_000;
const RECHECKS = 30;

/** The states in which the server gives the join link by the clock alone (not a purchase, login or event to come). */
const clockStates: readonly MemberContentState[] = ['beforeRelease', 'visible', 'afterRelease'];

/**
 * The current time, renewed as each of `moments` passes (and when the page comes back into view: a phone's
 * timers sleep with the tab).
 */
function useNowAcross(moments: readonly number[]): number {
  const [now, setNow] = useState(() => Date.now());
  const next = moments.filter((m) => m > now).sort((a, b) => a - b)[0];
  useEffect(() => {
    if (next === undefined) return;
    const id = setTimeout(() => setNow(Date.now()), Math.min(next - Date.now() + SETTLE_MS, MAX_TIMEOUT));
    return () => clearTimeout(id);
  }, [next, now]);
  useEffect(() => {
    const wake = () => document.visibilityState === 'visible' && setNow(Date.now());
    document.addEventListener('visibilitychange', wake);
    return () => document.removeEventListener('visibilitychange', wake);
  }, []);
  return now;
}

/** Zoom shows its IDs grouped: `123 456 789`, `123 456 7890`, `123 4567 8901`. */
function groupedMeetingId(id: string): string {
  const sizes = id.length === 11 ? [3, 4, 4] : id.length === 10 ? [3, 3, 4] : id.length === 9 ? [3, 3, 3] : undefined;
  if (!sizes) return id;
  let at = 0;
  return sizes.map((n) => id.slice(at, (at += n))).join(' ');
}

/**
 * SPEC §3 live, the member's (and a catalog visitor's) side: the schedule in every state, with its phase from the
 * clock; before the window when the join link will appear; inside it the join button (a new tab) and, for Zoom,
 * the meeting ID and passcode; after it that it ended. The server gives the link only inside the window, so the
 * page asks again when the window opens or closes while it is open (`onChanged`).
 */
export default function LiveView({ answer, base, onChanged }: TypeViewProps) {
  const { t } = useTranslation('lives');
  const view = answer.view as LiveAnswer | undefined;
  const opensAt = view ? Date.parse(view.joinOpensAt) : NaN;
  const closesAt = view ? Date.parse(view.joinClosesAt) : NaN;
  const startAt = view ? Date.parse(view.startAt) : NaN;
  const endAt = view ? Date.parse(view.endAt) : NaN;
  const now = useNowAcross(view ? [opensAt, startAt, endAt, closesAt] : []);

  const byClock = clockStates.includes(answer.state);
  const open = opensAt <= now && now < closesAt;
  const stale = !!view && byClock && open !== !!view.join;
  useEffect(() => {
    if (!stale) return;
    let left = RECHECKS;
    onChanged();
    const id = setInterval(() => {
      if (--left <= 0) clearInterval(id);
      onChanged();
    }, RECHECK_MS);
    return () => clearInterval(id);
  }, [stale, onChanged]);

  if (!view) return null;
  const phase = livePhase(view, new Date(now));
  const PlatformIcon = platformIcon[view.platform];
  const leadOnly = opensAt === startAt - LIVE_JOIN_LEAD_MINUTES * 60_000;

  return (
    <Paper withBorder p="lg" radius="md" maw={720} data-testid="live-schedule">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} size="h4">
            {t('view.schedule')}
          </Title>
          <Badge color={phaseColor[phase]} variant={phase === 'live' ? 'filled' : 'light'} size="lg">
            {t(`view.phase.${phase}`)}
          </Badge>
        </Group>
        <Stack gap={4}>
          <Group gap="xs">
            <Text size="sm" fw={500} w={80}>
              {t('view.platform')}
            </Text>
            <Group gap={6} component="span">
              <PlatformIcon size={18} aria-hidden />
              <Text size="sm" span>
                {t(`platforms.${view.platform}`)}
              </Text>
            </Group>
          </Group>
          <Group gap="xs">
            <Text size="sm" fw={500} w={80}>
              {t('view.start')}
            </Text>
            <Text size="sm">{formatDateTime(view.startAt)}</Text>
          </Group>
          <Group gap="xs">
            <Text size="sm" fw={500} w={80}>
              {t('view.end')}
            </Text>
            <Text size="sm">{formatDateTime(view.endAt)}</Text>
          </Group>
        </Stack>
        {view.join ? (
          <Stack gap="xs">
            <Button
              component="a"
              href={view.join.url}
              target="_blank"
              rel="noopener noreferrer"
              size="lg"
              color={phase === 'live' ? 'red' : undefined}
              leftSection={<PlatformIcon size={22} aria-hidden />}
              rightSection={<IconExternalLink size={18} aria-hidden />}
              w={{ base: '100%', xs: 'fit-content' }}
            >
              {t(`view.join.${view.platform}`)}
            </Button>
            <Text size="xs" c="dimmed">
              {t('view.newTab')}
            </Text>
            {view.join.meetingId && (
              <Stack gap={4}>
                <Group gap="xs">
                  <Text size="sm" fw={500}>
                    {t('view.meetingId')}
                  </Text>
                  <Code fz="md">{groupedMeetingId(view.join.meetingId)}</Code>
                </Group>
                {view.join.passcode && (
                  <Group gap="xs">
                    <Text size="sm" fw={500}>
                      {t('view.passcode')}
                    </Text>
                    <Code fz="md">{view.join.passcode}</Code>
                  </Group>
                )}
                <Text size="xs" c="dimmed">
                  {t('view.zoomHint')}
                </Text>
              </Stack>
            )}
          </Stack>
        ) : now < startAt ? (
          <Text>
            {t('view.startsAt', { date: formatDateTime(view.startAt) })}
            {byClock && now < opensAt && (
              <>
                {' '}
                {leadOnly ? t('view.joinOpensLead', { minutes: LIVE_JOIN_LEAD_MINUTES }) : t('view.joinOpensAt', { date: formatDateTime(view.joinOpensAt) })}
              </>
            )}
          </Text>
        ) : phase === 'ended' ? (
          <Text>{t('view.ended', { date: formatDateTime(view.endAt) })}</Text>
        ) : (
          byClock && now >= closesAt && <Text>{t('view.closed')}</Text>
        )}
        {view.enqueteId && base.startsWith('/user/') && (
          <Button component={Link} to={`${base}/live/${encodeURIComponent(answer.item.id)}/enquete`} variant="light" w={{ base: '100%', xs: 'fit-content' }}>
            {t('view.survey')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
