import { Button, Group, Text } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Link, useNavigate } from 'react-router';

const COUNTDOWN_SECONDS = 5;

/**
 * SPEC §3 completion action "next video": counts down, then opens the next video's page. Play now takes the
 * focus when the countdown appears, so a keyboard reaches it (and Cancel, next to it) at once.
 */
export function NextVideoCountdown({ path }: { path: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [secondsLeft, setSecondsLeft] = useState(COUNTDOWN_SECONDS);
  const [cancelled, setCancelled] = useState(false);
  const playNowRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    playNowRef.current?.focus();
  }, []);

  useEffect(() => {
    if (cancelled) return;
    if (secondsLeft <= 0) {
      void navigate(path);
      return;
    }
    const timer = setTimeout(() => setSecondsLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [cancelled, secondsLeft, navigate, path]);

  if (cancelled) {
    return (
      <Button component={Link} to={path} variant="light" leftSection={<IconPlayerPlay size={16} aria-hidden />}>
        {t('player:player.nextVideo')}
      </Button>
    );
  }
  return (
    <Group gap="sm">
      <Text role="status" fw={600}>
        {t('player:player.nextIn', { seconds: secondsLeft })}
      </Text>
      <Button ref={playNowRef} onClick={() => void navigate(path)} leftSection={<IconPlayerPlay size={16} aria-hidden />}>
        {t('player:player.playNow')}
      </Button>
      <Button variant="default" onClick={() => setCancelled(true)}>
        {t('player:player.cancelNext')}
      </Button>
    </Group>
  );
}
