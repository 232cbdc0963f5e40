import { Button, Group, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { analysisDayOptions, analysisPeriodModes, type AnalysisPeriodMode, type Plan } from '../../../../../shared/constants';
import { isPeriodRefusal, resolveAnalysisPeriod, type AnalysisPeriodInput } from '../../../../../shared/rules/analytics-period';
import { errorMessage, useTranslation } from '../../../lib/i18n';

const isMode = (v: string | null): v is AnalysisPeriodMode => (analysisPeriodModes as readonly string[]).includes(v ?? '');
const isDays = (v: number): v is (typeof analysisDayOptions)[number] => (analysisDayOptions as readonly number[]).includes(v);

/** The period in the page's address (`?mode=&days=&from=&to=`), so a reload or a shared link shows the same period. */
export function usePeriodParam(): [AnalysisPeriodInput, (p: AnalysisPeriodInput) => void] {
  const [params, setParams] = useSearchParams();
  const mode = params.get('mode');
  const days = Number(params.get('days'));
  const period: AnalysisPeriodInput = isMode(mode)
    ? { mode, ...(isDays(days) ? { days } : {}), ...(mode === 'fromTo' ? { from: params.get('from') ?? '', to: params.get('to') ?? '' } : {}) }
    : { mode: 'none' };
  const setPeriod = (p: AnalysisPeriodInput) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const k of ['mode', 'days', 'from', 'to']) next.delete(k);
        next.set('mode', p.mode);
        if (p.days) next.set('days', String(p.days));
        if (p.from) next.set('from', p.from);
        if (p.to) next.set('to', p.to);
        return next;
      },
      { replace: true },
    );
  return [period, setPeriod];
}

/**
 * SPEC §4 analysis period modes: none (the last 7, 30 or 90 days), this month, last month, or from-to, which is
 * checked against the plan's maximum (SPEC §5) before it is asked for, with the same rule as the server.
 */
export function PeriodPicker({ period, onChange, plan, shown }: { period: AnalysisPeriodInput; onChange: (p: AnalysisPeriodInput) => void; plan: Plan; shown?: { from: string; to: string } }) {
  const { t } = useTranslation('analytics');
  const [from, setFrom] = useState(period.from ?? '');
  const [to, setTo] = useState(period.to ?? '');
  const [rangeError, setRangeError] = useState<string>();
  const [mode, setMode] = useState<AnalysisPeriodMode>(period.mode);

  const applyRange = () => {
    const wanted = { mode: 'fromTo' as const, from, to };
    const resolved = resolveAnalysisPeriod(wanted, new Date(), plan);
    if (isPeriodRefusal(resolved)) {
      setRangeError(errorMessage(resolved.code, resolved.max ? { max: resolved.max } : {}));
      return;
    }
    setRangeError(undefined);
    onChange(wanted);
  };

  return (
    <Stack gap="xs">
      <SegmentedControl
        aria-label={t('period.label')}
        value={mode}
        onChange={(v) => {
          if (!isMode(v)) return;
          setMode(v);
          if (v !== 'fromTo') onChange({ mode: v });
        }}
        data={analysisPeriodModes.map((m) => ({ value: m, label: t(`period.modes.${m}`) }))}
      />
      {mode === 'none' && (
        <Select
          label={t('period.days')}
          w={200}
          value={String(period.days ?? 30)}
          allowDeselect={false}
          onChange={(v) => {
            const days = Number(v);
            if (isDays(days)) onChange({ mode: 'none', days });
          }}
          data={analysisDayOptions.map((d) => ({ value: String(d), label: t('period.lastDays', { count: d }) }))}
        />
      )}
      {mode === 'fromTo' && (
        <Group align="flex-end">
          <TextInput type="date" label={t('period.from')} value={from} onChange={(e) => setFrom(e.currentTarget.value)} />
          <TextInput type="date" label={t('period.to')} value={to} onChange={(e) => setTo(e.currentTarget.value)} error={rangeError} />
          <Button variant="light" onClick={applyRange}>
            {t('period.apply')}
          </Button>
        </Group>
      )}
      {shown && (
        <Text size="sm" c="dimmed" aria-live="polite">
          {t('period.shown', { from: shown.from, to: shown.to })}
        </Text>
      )}
    </Stack>
  );
}
