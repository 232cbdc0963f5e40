import { Anchor, Skeleton } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import type { ActivityMetric, ContentRow } from '../../../../../shared/api/calls/analytics';
import { useAnalyticsVideos } from '../api';
import { AnalyticsPageShell } from '../components/analytics-page-shell';
import { CsvButton } from '../components/csv-button';
import { MetricTable } from '../components/metric-table';
import { usePeriodParam } from '../components/period-picker';
import { useAdminContext } from '../../../lib/admin-context';
import { contentUsersPath } from '../paths';
import { useTranslation } from '../../../lib/i18n';

const metrics: readonly ActivityMetric[] = ['views', 'plays', 'finishes', 'watchSeconds', 'liveViews', 'testsTaken', 'testsPassed'];

/** SPEC §2 /admin/analytics/videos: each content's activity over the period, most played first. */
function AnalyticsVideosPage() {
  const { t } = useTranslation('analytics');
  const { search } = useLocation();
  const [period, setPeriod] = usePeriodParam();
  const context = useAdminContext();
  const videos = useAnalyticsVideos(period);
  const data = videos.data;
  const title = (r: ContentRow) => r.title || r.contentId;

  return (
    <AnalyticsPageShell
      title={t('pages.videos.title')}
      withNav
      period={period}
      onPeriod={setPeriod}
      plan={context.data?.team.plan}
      shown={data}
      error={videos.error}
      onRetry={() => void videos.mutate()}
      actions={
        <CsvButton
          fileName={`analytics-videos-${data?.from}-${data?.to}.csv`}
          rows={data && (() => [[t('type'), t('content'), ...metrics.map((m) => t(`metrics.${m}`))], ...data.items.map((r) => [t(`types.${r.contentType}`), title(r), ...metrics.map((m) => r.counts[m])])])}
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
          label={(r) => {
            const to = contentUsersPath(r, search);
            const text = `${t(`types.${r.contentType}`)}: ${title(r)}`;
            return to ? (
              <Anchor component={Link} to={to}>
                {text}
              </Anchor>
            ) : (
              text
            );
          }}
          metrics={metrics}
          value={(r, m) => r.counts[m]}
          emptyText={t('empty')}
        />
      )}
    </AnalyticsPageShell>
  );
}

export { AnalyticsVideosPage as Component };
