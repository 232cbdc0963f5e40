import { useSyncExternalStore } from 'react';
import { formatSince } from '../../../shared/rules/date-display';
import type { Language } from '../../../shared/constants';
import { formatDateTime } from '../lib/format';
import { useTranslation } from '../lib/i18n';

/** One clock for every relative time on the page, ticking each minute so "3分前" does not go stale. */
const minuteListeners = new Set<() => void>();
let minute = Date.now();
let timer: ReturnType<typeof setInterval> | undefined;
const subscribe = (listener: () => void) => {
  minuteListeners.add(listener);
  timer ??= setInterval(() => {
    minute = Date.now();
    for (const l of minuteListeners) l();
  }, 60_000);
  return () => {
    minuteListeners.delete(listener);
    if (minuteListeners.size === 0 && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };
};
const useMinute = () => useSyncExternalStore(subscribe, () => minute);

/**
 * SPEC §9 relative times: when something happened ("3分前" / "3 minutes ago", the date once older than a week), in a
 * `<time>` whose `dateTime` and tooltip keep the exact `YYYY/MM/DD HH:mm`.
 */
export function RelativeTime({ iso }: { iso: string }) {
  const { i18n } = useTranslation();
  const tick = useMinute();
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  // A render after the last tick (a new comment) reads the clock itself, so nothing shows as "in a few seconds".
  const now = new Date(Math.max(tick, Date.now()));
  const absolute = formatDateTime(iso);
  return (
    <time dateTime={iso} title={absolute}>
      {formatSince(date, now, i18n.language as Language)}
    </time>
  );
}
