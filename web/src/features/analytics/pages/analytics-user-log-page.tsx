import { Anchor, Skeleton, Stack } from '@mantine/core';
import { Link, useLocation, useSearchParams } from 'react-router';
import type { ActivityMetric } from '../../../../../shared/api/calls/analytics';
import { useUserLog } from '../api';
import { ActivityChart } from '../components/activity-chart';
import { AnalyticsPageShell } from '../components/analytics-page-shell';
import { CsvButton } from '../components/csv-button';
import { MetricTable } from '../components/metric-table';
import { usePeriodParam } from '../components/period-picker';
import { userLinkPath } from '../paths';
import { useAdminContext } from '../../../lib/admin-context';
import { useTranslation } from '../../../lib/i18n';

const metricsOf: Record<'log' | 'watch', readonly ActivityMetric[]> = {
  log: ['logins', 'views', 'plays', 'finishes', 'testsTaken', 'testsPassed'],
  watch: ['plays', 'finishes', 'watchSeconds'],
};

/** SPEC §2 /admin/analytics/log/user and watch_log/user: one member's days over the period. */
function AnalyticsUserLogPage() {
  const { t } = useTranslation('analytics');
  const { pathname, search } = useLocation();
  const [params] = useSearchParams();
  const kind = pathname.includes('/watch_log/') ? 'watch' : 'log';
  const userId = params.get('userId') ?? '';
  const [period, setPeriod] = usePeriodParam();
  const context = useAdminContext();
  const log = useUserLog(kind, userId, period);
  const data = log.data;
  const metrics = metricsOf[kind];
  const other = kind === 'log' ? 'watch_log/user' : 'log/user';

  return (
    <AnalyticsPageShell
      title={t(`pages.userLog.${kind}`)}
      subtitle={data ? `${data.user.name} (${data.user.email})` : undefined}
      back={{ to: `/admin/analytics/users${search.replace(/([?&])userId=[^&]*&?/, '$1')}`, label: t('pages.users.back') }}
      period={period}
      onPeriod={setPeriod}
      plan={context.data?.team.plan}
      shown={data}
      error={log.error}
      onRetry={() => void log.mutate()}
      actions={
        <CsvButton
          fileName={`analytics-${kind}-${userId}-${data?.from}-${data?.to}.csv`}
          rows={data && (() => [[t('day'), ...metrics.map((m) => t(`metrics.${m}`))], ...data.days.map((d) => [d.day, ...metrics.map((m) => d[m])])])}
        />
      }
    >
      {!data ? (
        <Skeleton h={300} role="status" aria-label={t('common:loading')} />
      ) : (
        <Stack gap="lg">
          <Anchor component={Link} to={userLinkPath(other, userId, search)}>
            {t(`pages.userLog.switchTo.${kind}`)}
          </Anchor>
          <Anchor component={Link} to={userLinkPath(kind === 'log' ? 'log/user_videos' : 'watch_log/user/videos', userId, search)}>
            {t('pages.userLog.contents')}
          </Anchor>
          <ActivityChart
            title={t(`pages.userLog.${kind}`)}
            data={data.days.map((d) => ({ day: d.day.slice(5), ...(kind === 'log' ? { views: d.views, plays: d.plays } : { minutes: Math.round(d.watchSeconds / 60) }) }))}
            series={
              kind === 'log'
                ? [
                    { name: 'plays', label: t('metrics.plays'), color: 'blue.6' },
                    { name: 'views', label: t('metrics.views'), color: 'teal.6' },
                  ]
                : [{ name: 'minutes', label: t('watchMinutes'), color: 'orange.6' }]
            }
          />
          <MetricTable caption={t('pages.total.perDay')} labelHeader={t('day')} rows={data.days} rowKey={(d) => d.day} label={(d) => d.day} metrics={metrics} value={(d, m) => d[m]} />
        </Stack>
      )}
    </AnalyticsPageShell>
  );
}

export { AnalyticsUserLogPage as Component };
