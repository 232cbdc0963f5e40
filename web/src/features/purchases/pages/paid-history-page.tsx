import { Stack, Title } from '@mantine/core';
import { PaidHistory } from '../components/paid-history';
import { useTranslation } from '../../../lib/i18n';

/** SPEC §2 /user/:teamId/setting/paid_history */
function PaidHistoryPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="md" maw={960}>
      <Title order={1} size="h2">
        {t('purchases:history.title')}
      </Title>
      <PaidHistory />
    </Stack>
  );
}

export { PaidHistoryPage as Component };
