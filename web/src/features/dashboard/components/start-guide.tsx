import { Card, List, Text, ThemeIcon } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import type { DashboardAnswer } from '../../../../../shared/api/calls/analytics';
import { useTranslation } from '../../../lib/i18n';

/** The first things a new operator does, in the order that gets a site to members soonest. */
const steps = ['upload', 'design', 'invite', 'billing'] as const;

/** The start guide; `done` (from `/dashboard/get`) checks off the steps the team has completed. */
export function StartGuide({ done }: { done?: DashboardAnswer['guide'] }) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="lg">
      <Text fw={700} component="h2" mb="sm">
        {t('admin:dashboard.guide.title')}
      </Text>
      <List type="ordered" spacing="md">
        {steps.map((step, index) => {
          const complete = done?.[step] ?? false;
          return (
            <List.Item
              key={step}
              icon={
                <ThemeIcon size={24} radius="xl" variant={complete ? 'filled' : 'light'} color={complete ? 'teal' : undefined} aria-hidden>
                  {complete ? <IconCheck size={14} /> : index + 1}
                </ThemeIcon>
              }
            >
              <Text fw={600} size="sm" td={complete ? 'line-through' : undefined}>
                {t(`admin:dashboard.guide.steps.${step}.title`)}
                {done && (
                  <Text span size="xs" c={complete ? 'teal.9' : 'dimmed'} ml="xs">
                    ({complete ? t('admin:dashboard.guide.done') : t('admin:dashboard.guide.todo')})
                  </Text>
                )}
              </Text>
              <Text size="sm" c="dimmed">
                {t(`admin:dashboard.guide.steps.${step}.body`)}
              </Text>
            </List.Item>
          );
        })}
      </List>
    </Card>
  );
}
