import { Button, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n';

/** SPEC §3 video completion action `test`: once the video ends, the way to its test. */
export function TestAfterVideo({ path }: { path: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" align="flex-start" data-testid="video-test">
      <Text>{t('tests:member.afterVideo')}</Text>
      <Button component={Link} to={path}>
        {t('tests:member.takeTest')}
      </Button>
    </Stack>
  );
}
