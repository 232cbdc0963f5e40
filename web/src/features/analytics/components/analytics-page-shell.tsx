import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Plan } from '../../../../../shared/constants';
import type { AnalysisPeriodInput } from '../../../../../shared/rules/analytics-period';
import { LoadError } from '../../../components/load-error';
import { useTranslation } from '../../../lib/i18n';
import { AnalyticsNav } from './analytics-nav';
import { PeriodPicker } from './period-picker';

/** The frame of every analytics page: title, the team pages' tabs or a back link, the period, the CSV and the body. */
export function AnalyticsPageShell(props: {
  title: string;
  subtitle?: string;
  back?: { to: string; label: string };
  withNav?: boolean;
  period: AnalysisPeriodInput;
  onPeriod: (p: AnalysisPeriodInput) => void;
  plan: Plan | undefined;
  shown?: { from: string; to: string };
  actions?: ReactNode;
  error?: unknown;
  onRetry: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('analytics');
  return (
    <Stack gap="lg" maw={1200}>
      {props.back && (
        <Anchor component={Link} to={props.back.to} size="sm">
          {props.back.label}
        </Anchor>
      )}
      <Group justify="space-between" align="flex-end">
        <Stack gap={2}>
          <Title order={1} size="h2">
            {props.title}
          </Title>
          {props.subtitle && <Text c="dimmed">{props.subtitle}</Text>}
        </Stack>
        {props.actions}
      </Group>
      {props.withNav && <AnalyticsNav />}
      {props.plan && <PeriodPicker period={props.period} onChange={props.onPeriod} plan={props.plan} shown={props.shown} />}
      {props.error ? <LoadError title={t('loadError')} error={props.error} onRetry={props.onRetry} /> : props.children}
    </Stack>
  );
}
