import { useCallback } from 'react';
import { formatPeriod } from '../../../shared/rules/date-display';
import type { TimeZone } from '../../../shared/rules/dates';
import { useTranslation } from './i18n';

/**
 * SPEC §9 period from the ISO-8601 instants a call returns (`2024/03/01 10:00 〜 03/31 18:00`; the end shows its
 * year only when it differs). A start that is not a date shows nothing; an end that is missing or not a date
 * shows the start only.
 */
export function formatIsoPeriod(startIso: string, endIso: string | undefined, separator: string, options: { withTime?: boolean; timeZone?: TimeZone } = {}): string {
  const start = new Date(startIso);
  if (Number.isNaN(start.getTime())) return '';
  const end = endIso ? new Date(endIso) : undefined;
  return formatPeriod(start, end && !Number.isNaN(end.getTime()) ? end : undefined, { separator, ...options });
}

/** formatIsoPeriod with the reader's language's separator (`common:period.separator`), in the viewer's zone. */
export function usePeriodFormat() {
  const { t } = useTranslation();
  const separator = t('common:period.separator');
  return useCallback((startIso: string, endIso: string | undefined, options: { withTime?: boolean } = {}) => formatIsoPeriod(startIso, endIso, separator, options), [separator]);
}
