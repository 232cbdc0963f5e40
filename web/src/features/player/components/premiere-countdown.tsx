import { Group, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { countdownParts, premierePhase } from '../../../../../shared/rules/premiere';
import { useTranslation } from '../../../lib/i18n';
import { formatDateTime } from '../../../lib/format';

export interface PremiereCountdownProps {
  title: string;
  /** The premiere's start (the playable period's start). */
  start: string;
  /** The server clock's lead on the device's (ms). */
  clockOffsetMs: number;
  /** Called once when the start is reached (the page then asks for the playable answer). */
  onStart: () => void;
  /** The way back. */
  back: ReactNode;
}

const secondsUntil = (start: string, clockOffsetMs: number) => {
  const phase = premierePhase(start, undefined, Date.now() + clockOffsetMs);
  return phase.phase === 'before' ? phase.secondsUntil : 0;
};

/**
 * SPEC §3 real-time premiere before its start: days, hours, minutes and seconds until it, on the server's clock.
 * The ticking figures are a `timer` (not announced by screen readers on each change); only the start is announced.
 */
export function PremiereCountdown({ title, start, clockOffsetMs, onStart, back }: PremiereCountdownProps) {
  const { t } = useTranslation();
  const [left, setLeft] = useState(() => secondsUntil(start, clockOffsetMs));
  const started = useRef(false);
  const onStartRef = useRef(onStart);
  useEffect(() => {
    onStartRef.current = onStart;
  }, [onStart]);

  // Each answer (a new clock reading) may start it again: one still before the start (the clocks a hair apart) retries.
  useEffect(() => {
    started.current = false;
    const tick = () => {
      const now = secondsUntil(start, clockOffsetMs);
      setLeft(now);
      if (now <= 0 && !started.current) {
        started.current = true;
        onStartRef.current();
      }
    };
    tick();
    const id = window.setInterval(tick, 1000);
    return () => window.clearInterval(id);
  }, [start, clockOffsetMs]);

  const parts = countdownParts(left);
  const units = [
    { value: parts.days, label: t('player:premiere.days') },
    { value: parts.hours, label: t('player:premiere.hours') },
    { value: parts.minutes, label: t('player:premiere.minutes') },
    { value: parts.seconds, label: t('player:premiere.seconds') },
  ];

  return (
    <Stack gap="lg" maw={720}>
      <Title order={1} size="h2">
        {title}
      </Title>
      <Paper withBorder p="lg" radius="md">
        <Stack gap="md" align="center">
          <Group gap="xs">
            <IconClock size={20} aria-hidden color="var(--mantine-color-dimmed)" />
            <Title order={2} size="h4">
              {t('player:premiere.countdownTitle')}
            </Title>
          </Group>
          <Group gap="md" justify="center" role="timer" aria-live="off" data-testid="premiere-countdown">
            {units.map((u) => (
              <Stack key={u.label} gap={0} align="center" miw={56}>
                <Text fz={32} fw={700} ff="monospace" lh={1.2}>
                  {String(u.value).padStart(2, '0')}
                </Text>
                <Text size="sm" c="dimmed">
                  {u.label}
                </Text>
              </Stack>
            ))}
          </Group>
          <Text ta="center">{t('player:premiere.startsAt', { date: formatDateTime(start) })}</Text>
          <VisuallyHidden role="status">{left <= 0 ? t('player:premiere.starting') : ''}</VisuallyHidden>
          {left <= 0 && (
            <Text c="dimmed" aria-hidden>
              {t('player:premiere.starting')}
            </Text>
          )}
        </Stack>
      </Paper>
      {back}
    </Stack>
  );
}
