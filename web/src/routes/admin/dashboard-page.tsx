import { SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from '../../lib/i18n';
import { LoadError } from '../../components/load-error';
import { Greeting } from '../../features/dashboard/components/greeting';
import { PlanCard } from '../../features/dashboard/components/plan-card';
import { StartGuide } from '../../features/dashboard/components/start-guide';
import { TrialBanner } from '../../features/dashboard/components/trial-banner';
import { useAdminContext } from '../../features/teams/api';

/** SPEC §2 /admin/dashboard: greeting, trial state, plan and the start guide. */
function DashboardPage() {
  const { t } = useTranslation();
  const { data, error, mutate } = useAdminContext();

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
        <StartGuide />
        <PlanCard plan={team.plan} uploadQuotaBytes={team.uploadQuotaBytes} />
      </SimpleGrid>
    </Stack>
  );
}

export { DashboardPage as Component };
