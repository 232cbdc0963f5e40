import { Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from '../lib/i18n';
import { Link } from 'react-router';

/** Any error a page throws ends here: a friendly message and a way on, never a stack trace. */
export function RouteError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  useEffect(() => {
    // Kept in the console for whoever investigates; the screen shows no internals.
    console.error(error);
  }, [error]);
  return (
    <Center mih="80vh" p="md">
      <Stack align="center" gap="md" maw={480} ta="center">
        <Title order={1} size="h2">
          {t('common:error.title')}
        </Title>
        <Text c="dimmed">{t('common:error.body')}</Text>
        <Group>
          <Button onClick={() => window.location.reload()}>{t('common:error.reload')}</Button>
          <Button component={Link} to="/" variant="default" reloadDocument>
            {t('common:actions.backHome')}
          </Button>
        </Group>
      </Stack>
    </Center>
  );
}
