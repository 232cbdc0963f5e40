import { Badge, Button, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { LoadError } from '../../../components/load-error';
import { formatDate } from '../../../lib/format';
import { errorMessage, useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { cancelPlan, usePlanContract, useRefreshPlanViews } from '../api';

const statusColor: Record<string, string> = { active: 'teal', trialing: 'blue', past_due: 'orange', unpaid: 'red', canceled: 'gray' };

/** SPEC §2 /admin/general_setting/subscription/contracting_plan: plan, cycle, next renewal, change, cancel. */
export function PlanContractView() {
  const { t } = useTranslation('plans');
  const contract = usePlanContract();
  const refresh = useRefreshPlanViews();
  const [busy, setBusy] = useState(false);

  if (contract.error) return <LoadError title={t('contract.loadError')} error={contract.error} onRetry={() => void contract.mutate()} />;
  if (!contract.data) return <Skeleton h={200} />;
  const { plan, trialEndsAt, subscription } = contract.data;
  const running = subscription && ['active', 'trialing', 'past_due'].includes(subscription.status);

  const toggleCancel = async () => {
    setBusy(true);
    try {
      await cancelPlan(!subscription?.cancelAtPeriodEnd);
      await refresh();
      toast.success(subscription?.cancelAtPeriodEnd ? t('contract.resumed') : t('contract.cancelled'));
    } catch (e) {
      toast.error(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="lg" maw={760}>
      <Title order={1} size="h2">
        {t('contract.title')}
      </Title>
      <Paper withBorder p="lg">
        <Table variant="vertical" withRowBorders={false}>
          <Table.Tbody>
            <Table.Tr>
              <Table.Th w={200}>{t('contract.plan')}</Table.Th>
              <Table.Td>{t(`plan.${plan}`)}</Table.Td>
            </Table.Tr>
            {!subscription && plan === 'trial' && (
              <Table.Tr>
                <Table.Th>{t('contract.trialEnds')}</Table.Th>
                <Table.Td>{formatDate(trialEndsAt)}</Table.Td>
              </Table.Tr>
            )}
            {subscription && (
              <>
                <Table.Tr>
                  <Table.Th>{t('contract.cycle')}</Table.Th>
                  <Table.Td>{t(`cycle.${subscription.cycle}`)}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>{t('contract.status')}</Table.Th>
                  <Table.Td>
                    <Badge color={statusColor[subscription.status] ?? 'gray'} variant="light">
                      {subscription.cancelAtPeriodEnd && running ? t('status.cancel_scheduled') : t(`status.${subscription.status}`)}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
                {subscription.currentPeriodEnd && (
                  <Table.Tr>
                    <Table.Th>{subscription.cancelAtPeriodEnd ? t('contract.endsOn') : t('contract.renewsOn')}</Table.Th>
                    <Table.Td>{formatDate(subscription.currentPeriodEnd)}</Table.Td>
                  </Table.Tr>
                )}
              </>
            )}
          </Table.Tbody>
        </Table>
      </Paper>
      <Group>
        <Button component={Link} to="/admin/general_setting/billing">
          {running ? t('contract.change') : t('contract.choose')}
        </Button>
        {running && (
          <Button variant="default" color="red" onClick={() => void toggleCancel()} loading={busy}>
            {subscription.cancelAtPeriodEnd ? t('contract.resume') : t('contract.cancel')}
          </Button>
        )}
        <Button variant="subtle" component={Link} to="/admin/general_setting/subscription/paid_history">
          {t('contract.history')}
        </Button>
      </Group>
      {running && !subscription.cancelAtPeriodEnd && (
        <Text size="sm" c="dimmed">
          {t('contract.cancelNote')}
        </Text>
      )}
    </Stack>
  );
}
