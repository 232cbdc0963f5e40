import { Alert, Text } from '@mantine/core';
import { IconHourglassHigh } from '@tabler/icons-react';
import { useTranslation } from '../../../lib/i18n';
import { formatDate } from '../../../lib/format';

interface TrialBannerProps {
  daysRemaining: number;
  endsAt: string;
}

/** SPEC §4 trial state: days remaining, or ended. */
export function TrialBanner({ daysRemaining, endsAt }: TrialBannerProps) {
  const { t } = useTranslation();
  const ended = daysRemaining <= 0;
  return (
    <Alert
      // Standing information, not an interruption: screen readers should not announce it as an alert.
      role="note"
      color={ended ? 'red' : daysRemaining <= 3 ? 'orange' : 'indigo'}
      variant="light"
      icon={<IconHourglassHigh aria-hidden />}
      title={ended ? t('admin:dashboard.trial.ended') : t('admin:dashboard.trial.daysLeft', { count: daysRemaining })}
    >
      <Text size="sm">
        {ended
          ? t('admin:dashboard.trial.endedBody')
          : t('admin:dashboard.trial.endsOn', { date: formatDate(endsAt) })}
      </Text>
    </Alert>
  );
}
