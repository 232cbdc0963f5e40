import { useAnalyticsUsers } from '../api';
import { AnalyticsPageShell } from '../components/analytics-page-shell';
import { MemberMetricsCsv, MemberMetricsTable, memberRowMetrics } from '../components/member-metrics';
import { usePeriodParam } from '../components/period-picker';
import { useAdminContext } from '../../../lib/admin-context';
import { useTranslation } from '../../../lib/i18n';


/** SPEC §2 /admin/analytics/users: each member's activity over the period, most active first. */
function AnalyticsUsersPage() {
  const { t } = useTranslation('analytics');
  const [period, setPeriod] = usePeriodParam();
  const context = useAdminContext();
  const users = useAnalyticsUsers(period);
  const data = users.data;

  return (
    <AnalyticsPageShell
      title={t('pages.users.title')}
      withNav
      period={period}
      onPeriod={setPeriod}
      plan={context.data?.team.plan}
      shown={data}
      error={users.error}
      onRetry={() => void users.mutate()}
      actions={
        <MemberMetricsCsv items={data?.items} metrics={memberRowMetrics} fileName={`analytics-users-${data?.from}-${data?.to}.csv`} />
      }
    >
      <MemberMetricsTable items={data?.items} metrics={memberRowMetrics} linkPage="log/user" />
    </AnalyticsPageShell>
  );
}

export { AnalyticsUsersPage as Component };
