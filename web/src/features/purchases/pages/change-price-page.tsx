import { Stack, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { ChangePrice } from '../components/change-price';
import { useTranslation } from '../../../lib/i18n';

/** SPEC §2 /user/:teamId/setting/change_price/:id (a subscription id). */
function ChangePricePage() {
  const { t } = useTranslation();
  const { teamId = '', id = '' } = useParams();
  return (
    <Stack gap="md" maw={960}>
      <Title order={1} size="h2">
        {t('purchases:changePrice.title')}
      </Title>
      <ChangePrice subscriptionId={id} base={`/user/${encodeURIComponent(teamId)}`} />
    </Stack>
  );
}

export { ChangePricePage as Component };
