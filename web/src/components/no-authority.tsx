import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from '../lib/i18n';
import { Link } from 'react-router';
import type { Refusal } from '../../../shared/permissions';

/** SPEC §8 "no operation authority" (or "plan feature restrictions"): an admin page this administrator may not use. */
export function NoAuthority({ reason }: { reason: Refusal }) {
  const { t } = useTranslation();
  const texts = reason === 'plan' ? 'common:planRestricted' : 'common:noAuthority';
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" gap="md" maw={480} ta="center">
        <IconLock size={56} stroke={1.5} color="var(--mantine-color-gray-5)" aria-hidden />
        <Title order={1} size="h2">
          {t(`${texts}.title`)}
        </Title>
        <Text c="dimmed">{t(`${texts}.body`)}</Text>
        <Button component={Link} to="/admin/dashboard">
          {t('common:noAuthority.toDashboard')}
        </Button>
      </Stack>
    </Center>
  );
}
