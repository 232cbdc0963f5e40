import { Skeleton, Stack } from '@mantine/core';
import { activityMetrics } from '../../../../../shared/api/calls/analytics';
import { useAnalyticsTotal } from '../api';
import { ActivityChart } from '../components/activity-chart';
import { AnalyticsPageShell } from '../components/analytics-page-shell';
import { CsvButton } from '../components/csv-button';
import { MetricTable } from '../components/metric-table';
import { usePeriodParam } from '../components/period-picker';
import { useAdminContext } from '../../../lib/admin-context';
import { useTranslation } from '../../../lib/i18n';

/** SPEC §2 /admin/analytics/total: the team's activity per day over the period, and its totals. */
function AnalyticsTotalPage() {
  const { t } = useTranslation('analytics');
  const [period, setPeriod] = usePeriodParam();
  const context = useAdminContext();
  const total = useAnalyticsTotal(period);
  const data = total.data;

  return (
    <AnalyticsPageShell
      title={t('pages.total.title')}
      withNav
      period={period}
      onPeriod={setPeriod}
      plan={context.data?.team.plan}
      shown={data}
      error={total.error}
      onRetry={() => void total.mutate()}
      actions={
        <CsvButton
          fileName={`analytics-total-${data?.from}-${data?.to}.csv`}
          rows={data && (() => [[t('day'), ...activityMetrics.map((m) => t(`metrics.${m}`))], ...data.days.map((d) => [d.day, ...activityMetrics.map((m) => d[m])])])}
        />
      }
    >
      {!data ? (
        <Skeleton h={300} role="status" aria-label={t('common:loading')} />
      ) : (
        <Stack gap="lg">
          <MetricTable
            caption={t('pages.total.totals')}
            labelHeader={t('period.label')}
            rows={[data]}
            rowKey={(d) => d.from}
            label={(d) => `${d.from} – ${d.to}`}
            metrics={activityMetrics}
            value={(d, m) => d.totals[m]}
          />
          <ActivityChart
            title={t('pages.total.chart')}
            data={data.days.map((d) => ({ day: d.day.slice(5), plays: d.plays, views: d.views, logins: d.logins }))}
            series={[
              { name: 'plays', label: t('metrics.plays'), color: 'blue.6' },
              { name: 'views', label: t('metrics.views'), color: 'teal.6' },
              { name: 'logins', label: t('metrics.logins'), color: 'grape.6' },
            ]}
          />
          <MetricTable caption={t('pages.total.perDay')} labelHeader={t('day')} rows={data.days} rowKey={(d) => d.day} label={(d) => d.day} metrics={activityMetrics} value={(d, m) => d[m]} />
        </Stack>
      )}
    </AnalyticsPageShell>
  );
}

export { AnalyticsTotalPage as Component };
