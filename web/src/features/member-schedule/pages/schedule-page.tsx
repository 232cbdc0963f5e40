import { Stack, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { ScheduleCalendar } from '../components/schedule-calendar';
import { useTranslation } from '../../../lib/i18n';

/** SPEC §2 /user/:teamId/schedule: a calendar of the member's lives and events. */
function SchedulePage() {
  const { t } = useTranslation();
  const { teamId = '' } = useParams();
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('schedule:title')}
      </Title>
      <ScheduleCalendar base={`/user/${encodeURIComponent(teamId)}`} />
    </Stack>
  );
}

export { SchedulePage as Component };
