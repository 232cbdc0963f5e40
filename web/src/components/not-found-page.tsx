import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../lib/i18n';
import { Link } from 'react-router';

/** SPEC §8 "cannot open page": any address no route knows. */
function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Center mih="70vh" p="md">
      <Stack align="center" gap="md" maw={480} ta="center">
        <Text fz={64} fw={800} c="indigo.5" lh={1} aria-hidden>
          404
        </Text>
        <Title order={1} size="h2">
          {t('common:notFound.title')}
        </Title>
        <Text c="dimmed">{t('common:notFound.body')}</Text>
        <Button component={Link} to="/">
          {t('common:actions.backHome')}
        </Button>
      </Stack>
    </Center>
  );
}

export { NotFoundPage as Component };
