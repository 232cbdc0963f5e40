import { Button, Card, Container, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconChartBar, IconCreditCard, IconUsersGroup, IconVideo } from '@tabler/icons-react';
import { useTranslation } from '../../../lib/i18n';
import { Link } from 'react-router';

const features = [
  { key: 'deliver', icon: IconVideo },
  { key: 'members', icon: IconUsersGroup },
  { key: 'sell', icon: IconCreditCard },
  { key: 'analyze', icon: IconChartBar },
] as const;

/** The product's public front page: what it is, and the way to start or sign in. */
function LandingPage() {
  const { t } = useTranslation();
  return (
    <Container size="lg" py={64}>
      <Stack align="center" ta="center" gap="lg" maw={720} mx="auto">
        <Title order={1} fz={{ base: 32, sm: 44 }} lh={1.2}>
          {t('common:landing.title')}
        </Title>
        <Text size="lg" c="dimmed">
          {t('common:landing.lead')}
        </Text>
        <Group justify="center">
          <Button component={Link} to="/register" size="md">
            {t('common:landing.startTrial')}
          </Button>
          <Button component={Link} to="/login" size="md" variant="default">
            {t('common:landing.adminLogin')}
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          {t('common:landing.trialNote')}
        </Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} mt={64} spacing="lg">
        {features.map(({ key, icon: Icon }) => (
          <Card key={key} withBorder padding="lg">
            <ThemeIcon size="lg" variant="light" mb="md" aria-hidden>
              <Icon size={20} />
            </ThemeIcon>
            <Text fw={600} mb={4} component="h2">
              {t(`common:landing.features.${key}.title`)}
            </Text>
            <Text size="sm" c="dimmed">
              {t(`common:landing.features.${key}.body`)}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </Container>
  );
}

export { LandingPage as Component };
