import { Alert, Badge, Button, Card, Group, Loader, SegmentedControl, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconInfoCircle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { BillingCycle } from '../../../../../shared/constants';
import { formatPriceAmount } from '../../../../../shared/money';
import { paidPlans, planCatalogue, planCurrency, planPrice, PLAN_YEARLY_DISCOUNT_PERCENT, type PaidPlan } from '../../../../../shared/plans';
import { LoadError } from '../../../components/load-error';
import { amountLocale, formatBytes } from '../../../lib/format';
import { errorMessage, useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { changePlan, planCheckout, useRefreshPlanViews, useTeamPlan } from '../api';

const runningStatuses = ['active', 'trialing', 'past_due'];

/**
 * SPEC §2 /admin/general_setting/billing: the plans (monthly or yearly, yearly with the 10%OFF badge), paid
 * through Stripe Checkout on the platform's account. Back from Checkout the page waits for Stripe's webhook to
 * set the plan, then goes to the dashboard.
 */
export function PlanChooser() {
  const { t, i18n } = useTranslation('plans');
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const returned = search.get('checkout') === 'success';
  const context = useTeamPlan(returned);
  const refresh = useRefreshPlanViews();
  const [cycle, setCycle] = useState<BillingCycle>('monthly');
  const [busy, setBusy] = useState<PaidPlan | null>(null);

  const team = context.data?.team;
  const subscribed = !!team && !team.gate && runningStatuses.includes(team.subscriptionStatus ?? '');
  useEffect(() => {
    if (returned && subscribed) {
      toast.success(t('billing.activated'));
      navigate('/admin/dashboard', { replace: true });
    }
  }, [returned, subscribed, navigate, t]);

  if (context.error) return <LoadError title={t('billing.loadError')} error={context.error} onRetry={() => void context.mutate()} />;
  if (!team) return <Skeleton h={320} />;

  const currency = planCurrency(team.language);
  const money = (amount: number) => formatPriceAmount(amount, currency, amountLocale(i18n.language));

  const choose = async (plan: PaidPlan) => {
    setBusy(plan);
    try {
      if (subscribed) {
        await changePlan(plan, cycle);
        await refresh();
        toast.success(t('billing.changed'));
        setBusy(null);
      } else {
        const { url } = await planCheckout(plan, cycle, i18n.language === 'en' ? 'en' : 'ja');
        window.location.assign(url);
      }
    } catch (e) {
      toast.error(errorMessage(e));
      setBusy(null);
    }
  };

  return (
    <Stack gap="lg" maw={1100}>
      <Title order={1} size="h2">
        {t('billing.title')}
      </Title>
      <Group gap="sm">
        <Text>{t('billing.current', { plan: t(`plan.${team.plan}`) })}</Text>
        {team.plan === 'trial' && !team.gate && <Badge variant="light">{t('billing.trialDaysLeft', { count: team.trialDaysRemaining })}</Badge>}
      </Group>
      {team.gate && (
        <Alert color="orange" variant="light" icon={<IconInfoCircle aria-hidden />} role="status">
          {t(`billing.gate.${team.gate}`)}
        </Alert>
      )}
      {returned && !subscribed && (
        <Alert color="blue" variant="light" icon={<Loader size="xs" />} role="status">
          {t('billing.waiting')}
        </Alert>
      )}
      <Group gap="sm">
        <SegmentedControl
          aria-label={t('billing.cycle')}
          value={cycle}
          onChange={(v) => setCycle(v as BillingCycle)}
          data={[
            { value: 'monthly', label: t('cycle.monthly') },
            { value: 'yearly', label: t('cycle.yearly') },
          ]}
        />
        <Badge color="red" variant="filled">
          {t('billing.yearlyBadge', { percent: PLAN_YEARLY_DISCOUNT_PERCENT })}
        </Badge>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        {paidPlans.map((plan) => {
          const spec = planCatalogue[plan];
          const name = t(`plan.${plan}`);
          return (
            <Card key={plan} withBorder padding="lg" component="section" aria-label={name}>
              <Stack gap="xs">
                <Title order={2} size="h4">
                  {name}
                </Title>
                <Text fw={700} size="xl">
                  {money(planPrice(plan, cycle, currency))}
                  <Text span size="sm" c="dimmed">
                    {' '}
                    {t(`per.${cycle}`)}
                  </Text>
                </Text>
                {cycle === 'yearly' && (
                  <Text size="xs" c="dimmed">
                    {t('billing.monthlyEquivalent', { amount: money(planPrice(plan, 'monthly', currency)) })}
                  </Text>
                )}
                <Text size="sm">{t('billing.storage', { size: formatBytes(spec.storageBytes) })}</Text>
                <Text size="sm">{spec.monthlyPlays ? t('billing.plays', { plays: spec.monthlyPlays.toLocaleString(amountLocale(i18n.language)) }) : t('billing.unlimitedPlays')}</Text>
                <Group gap={4}>
                  {spec.proFeatures && <IconCheck size={16} aria-hidden />}
                  <Text size="sm" c={spec.proFeatures ? undefined : 'dimmed'}>
                    {spec.proFeatures ? t('billing.proFeatures') : t('billing.noProFeatures')}
                  </Text>
                </Group>
                <Button mt="sm" onClick={() => void choose(plan)} loading={busy === plan} disabled={busy !== null && busy !== plan}>
                  {subscribed ? t('billing.change') : t('billing.choose')}
                </Button>
              </Stack>
            </Card>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
