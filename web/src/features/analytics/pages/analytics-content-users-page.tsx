import { useLocation, useSearchParams } from 'react-router';
import type { ActivityMetric } from '../../../../../shared/api/calls/analytics';
import { useContentUsers, type ContentUsersKind } from '../api';
import { AnalyticsPageShell } from '../components/analytics-page-shell';
import { MemberMetricsCsv, MemberMetricsTable } from '../components/member-metrics';
import { usePeriodParam } from '../components/period-picker';
import { useAdminContext } from '../../../lib/admin-context';
import { useTranslation } from '../../../lib/i18n';

const metricsOf: Record<ContentUsersKind, readonly ActivityMetric[]> = {
  video: ['views', 'plays', 'finishes', 'watchSeconds'],
  live: ['views', 'liveViews'],
  test: ['testsTaken', 'testsPassed'],
};
const idParam: Record<ContentUsersKind, string> = { video: 'videoId', live: 'liveId', test: 'testId' };

/** SPEC §2 /admin/analytics/video/users, live/users and test/users: one content's members over the period. */
function AnalyticsContentUsersPage() {
  const { t } = useTranslation('analytics');
  const { pathname, search } = useLocation();
  const [params] = useSearchParams();
  const kind: ContentUsersKind = pathname.includes('/analytics/live/') ? 'live' : pathname.includes('/analytics/test/') ? 'test' : 'video';
  const id = params.get(idParam[kind]) ?? '';
  const [period, setPeriod] = usePeriodParam();
  const context = useAdminContext();
  const users = useContentUsers(kind, id, period);
  const data = users.data;
  const metrics = metricsOf[kind];

  return (
    <AnalyticsPageShell
      title={t(`pages.contentUsers.${kind}`)}
      subtitle={data?.title}
      back={{ to: `/admin/analytics/videos${search}`, label: t('pages.videos.back') }}
      period={period}
      onPeriod={setPeriod}
      plan={context.data?.team.plan}
      shown={data}
      error={users.error}
      onRetry={() => void users.mutate()}
      actions={
        <MemberMetricsCsv items={data?.items} metrics={metrics} fileName={`analytics-${kind}-${id}-users-${data?.from}-${data?.to}.csv`} />
      }
    >
      <MemberMetricsTable items={data?.items} metrics={metrics} linkPage="log/user_videos" />
    </AnalyticsPageShell>
  );
}

export { AnalyticsContentUsersPage as Component };
