import { Badge, Card, Group, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n';
import type { AdminContext } from '../../../../../shared/api/calls/teams';
import { formatBytes } from '../../../lib/format';

interface PlanCardProps {
  plan: AdminContext['team']['plan'];
  uploadQuotaBytes: number;
}

export function PlanCard({ plan, uploadQuotaBytes }: PlanCardProps) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="lg">
      <Text size="sm" c="dimmed" component="h2">
        {t('admin:dashboard.plan.label')}
      </Text>
      <Group mt="xs" gap="sm">
        <Text fz="xl" fw={700}>
          {t(`admin:plans.${plan}`)}
        </Text>
        {plan === 'trial' && (
          <Badge variant="light" color="indigo">
            {t('admin:dashboard.plan.free')}
          </Badge>
        )}
      </Group>
      <Text size="sm" mt="sm">
        {t('admin:dashboard.plan.quota', { size: formatBytes(uploadQuotaBytes) })}
      </Text>
    </Card>
  );
}
