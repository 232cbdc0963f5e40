import { Stack, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { areaBase, areaPaths } from '../../../lib/area-paths';
import { ViewLogList } from '../components/view-log-list';
import { useTranslation } from '../../../lib/i18n';

/** SPEC §2 /user/:teamId/view_log: the member's viewing history across content types, most recent first. */
function ViewLogPage() {
  const { t } = useTranslation();
  const { teamId = '' } = useParams();
  return (
    <Stack gap="md" maw={800}>
      <Title order={1} size="h2">
        {t('viewlog:title')}
      </Title>
      <ViewLogList hrefOf={(card) => `${areaBase('user', teamId)}${areaPaths.item(card.type, card.id)}`} />
    </Stack>
  );
}

export { ViewLogPage as Component };
