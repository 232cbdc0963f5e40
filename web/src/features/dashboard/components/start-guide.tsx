import { Card, List, Text, ThemeIcon } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n';

/** The first things a new operator does, in the order that gets a site to members soonest. */
const steps = ['upload', 'design', 'invite', 'billing'] as const;

export function StartGuide() {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="lg">
      <Text fw={700} component="h2" mb="sm">
        {t('admin:dashboard.guide.title')}
      </Text>
      <List type="ordered" spacing="md">
        {steps.map((step, index) => (
          <List.Item
            key={step}
            icon={
              <ThemeIcon size={24} radius="xl" variant="light" aria-hidden>
                {index + 1}
              </ThemeIcon>
            }
          >
            <Text fw={600} size="sm">
              {t(`admin:dashboard.guide.steps.${step}.title`)}
            </Text>
            <Text size="sm" c="dimmed">
              {t(`admin:dashboard.guide.steps.${step}.body`)}
            </Text>
          </List.Item>
        ))}
      </List>
    </Card>
  );
}
