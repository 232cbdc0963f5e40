import { SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n';
import { LoadError } from '../../../components/load-error';
import { Greeting } from '../components/greeting';
import { PlanCard } from '../components/plan-card';
import { StartGuide } from '../components/start-guide';
import { ActivityCharts } from '../components/activity-charts';
import { NewestUsers, PopularVideos } from '../components/popular-and-newest';
import { useDashboard } from '../api';
import { TrialBanner } from '../components/trial-banner';
import { useAdminContext } from '../../../lib/admin-context';

/**
 * SPEC §2 /admin/dashboard: greeting, trial state, plan, the start guide (checked off from `/dashboard/get`), the 7-day
 * charts and membership trend, the 30-day popular videos and the newest members.
 */
function DashboardPage() {
  const { t } = useTranslation();
  const { data, error, mutate } = useAdminContext();
  const dashboard = useDashboard();

  if (error) {
    return <LoadError title={t('admin:dashboard.loadError')} error={error} onRetry={() => void mutate()} />;
  }
  if (!data) {
    return (
      <Stack gap="lg" maw={1100} role="status" aria-label={t('common:loading')}>
        <Skeleton h={36} w="50%" />
        <Skeleton h={72} />
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Skeleton h={160} />
          <Skeleton h={160} />
        </SimpleGrid>
      </Stack>
    );
  }

  const { team, admin } = data;
  return (
    <Stack gap="lg" maw={1100}>
      <Greeting name={admin.name} siteName={team.siteName} />
      {team.plan === 'trial' && <TrialBanner daysRemaining={team.trialDaysRemaining} endsAt={team.trialEndsAt} />}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <StartGuide done={dashboard.data?.guide} />
        <PlanCard plan={team.plan} uploadQuotaBytes={team.uploadQuotaBytes} />
      </SimpleGrid>
      {dashboard.error ? (
        <LoadError title={t('admin:dashboard.activity.chartsLoadError')} error={dashboard.error} onRetry={() => void dashboard.mutate()} />
      ) : !dashboard.data ? (
        <Skeleton h={320} role="status" aria-label={t('common:loading')} />
      ) : (
        <>
          <ActivityCharts days={dashboard.data.days} />
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <PopularVideos videos={dashboard.data.popularVideos} />
            <NewestUsers users={dashboard.data.newestUsers} />
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}

export { DashboardPage as Component };
