import { Skeleton } from '@mantine/core';
import { useLocation, useParams, useSearchParams } from 'react-router';
import type { ActivityMetric, ContentRow } from '../../../../../shared/api/calls/analytics';
import { useUserContents } from '../api';
import { AnalyticsPageShell } from '../components/analytics-page-shell';
import { CsvButton } from '../components/csv-button';
import { MetricTable } from '../components/metric-table';
import { usePeriodParam } from '../components/period-picker';
import { userLinkPath } from '../paths';
import { useAdminContext } from '../../../lib/admin-context';
import { useTranslation } from '../../../lib/i18n';

const metricsOf: Record<'log' | 'watch' | 'user', readonly ActivityMetric[]> = {
  log: ['views', 'plays', 'finishes', 'liveViews', 'testsTaken', 'testsPassed'],
  watch: ['plays', 'finishes', 'watchSeconds'],
  user: ['views', 'plays', 'finishes', 'watchSeconds', 'testsTaken', 'testsPassed'],
};

/**
 * SPEC §2 /admin/analytics/log/user_videos, watch_log/user/videos and the user area's /admin/user/:userId/view_log:
 * one member's contents over the period.
 */
function AnalyticsUserContentsPage() {
  const { t } = useTranslation('analytics');
  const { pathname, search } = useLocation();
  const [params] = useSearchParams();
  const { userId: pathUserId } = useParams();
  const kind = pathUserId ? 'user' : pathname.includes('/watch_log/') ? 'watch' : 'log';
  const userId = pathUserId ?? params.get('userId') ?? '';
  const [period, setPeriod] = usePeriodParam();
  const context = useAdminContext();
  const contents = useUserContents(kind, userId, period);
  const data = contents.data;
  const metrics = metricsOf[kind];
  const title = (r: ContentRow) => `${t(`types.${r.contentType}`)}: ${r.title || r.contentId}`;
  const back =
    kind === 'user'
      ? { to: `/admin/user/${userId}/edit`, label: t('pages.userContents.backToUser') }
      : { to: userLinkPath(kind === 'log' ? 'log/user' : 'watch_log/user', userId, search), label: t(`pages.userContents.back.${kind}`) };

  return (
    <AnalyticsPageShell
      title={t(`pages.userContents.${kind}`)}
      subtitle={data ? `${data.user.name} (${data.user.email})` : undefined}
      back={back}
      period={period}
      onPeriod={setPeriod}
      plan={context.data?.team.plan}
      shown={data}
      error={contents.error}
      onRetry={() => void contents.mutate()}
      actions={
        <CsvButton
          fileName={`analytics-${kind}-contents-${userId}-${data?.from}-${data?.to}.csv`}
          rows={data && (() => [[t('content'), ...metrics.map((m) => t(`metrics.${m}`))], ...data.items.map((r) => [title(r), ...metrics.map((m) => r.counts[m])])])}
        />
      }
    >
      {!data ? (
        <Skeleton h={300} role="status" aria-label={t('common:loading')} />
      ) : (
        <MetricTable
          caption={t('pages.videos.caption')}
          labelHeader={t('content')}
          rows={data.items}
          rowKey={(r) => `${r.contentType}#${r.contentId}`}
          label={title}
          metrics={metrics}
          value={(r, m) => r.counts[m]}
          emptyText={t('empty')}
        />
      )}
    </AnalyticsPageShell>
  );
}

export { AnalyticsUserContentsPage as Component };
