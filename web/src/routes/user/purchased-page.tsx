import { Stack, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { PurchasedList } from '../../features/purchases/components/purchased-list';
import { useTranslation } from '../../lib/i18n';

/** SPEC §2 /user/:teamId/purchased */
function PurchasedPage() {
  const { t } = useTranslation();
  const { teamId = '' } = useParams();
  return (
    <Stack gap="md" maw={960}>
      <Title order={1} size="h2">
        {t('purchases:purchased.title')}
      </Title>
      <PurchasedList base={`/user/${encodeURIComponent(teamId)}`} />
    </Stack>
  );
}

export { PurchasedPage as Component };
