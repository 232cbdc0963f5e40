import { useAnalyticsTotal, useAnalyticsUsers } from '../api';
import { AnalyticsPageShell } from '../components/analytics-page-shell';
import { MemberMetricsCsv, MemberMetricsTable, memberRowMetrics } from '../components/member-metrics';
import { MetricTable } from '../components/metric-table';
import { usePeriodParam } from '../components/period-picker';
import { useMemberContext } from '../../../lib/member-context';
import { useTranslation } from '../../../lib/i18n';


/**
 * SPEC §1/§6 group managers with the analyst permission: in the member area, the period's totals and each member of
 * the groups they manage (the same calls as the admin analytics pages; the server scopes them to those groups).
 */
function GroupAnalyticsPage() {
  const { t } = useTranslation('analytics');
  const [period, setPeriod] = usePeriodParam();
  const context = useMemberContext();
  const users = useAnalyticsUsers(period);
  const total = useAnalyticsTotal(period);
  const data = users.data;

  return (
    <AnalyticsPageShell
      title={t('pages.groupAnalytics.title')}
      subtitle={t('pages.groupAnalytics.subtitle')}
      period={period}
      onPeriod={setPeriod}
      plan={context.data?.plan}
      shown={data}
      error={users.error ?? total.error}
      onRetry={() => void Promise.all([users.mutate(), total.mutate()])}
      actions={<MemberMetricsCsv items={data?.items} metrics={memberRowMetrics} fileName={`group-analytics-${data?.from}-${data?.to}.csv`} />}
    >
      {total.data && (
        <MetricTable
          caption={t('pages.total.totals')}
          labelHeader={t('period.label')}
          rows={[total.data]}
          rowKey={(d) => d.from}
          label={(d) => `${d.from} – ${d.to}`}
          metrics={memberRowMetrics}
          value={(d, m) => d.totals[m]}
        />
      )}
      <MemberMetricsTable items={data?.items} metrics={memberRowMetrics} />
    </AnalyticsPageShell>
  );
}

export { GroupAnalyticsPage as Component };
