import { Text, Title } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n';

type PartOfDay = 'morning' | 'afternoon' | 'evening';

/** Greeting by the viewer's local hour: morning 5-11, afternoon 11-18, evening otherwise. */
const partOfDay = (hour: number): PartOfDay => {
  if (hour >= 5 && hour < 11) return 'morning';
  if (hour >= 11 && hour < 18) return 'afternoon';
  return 'evening';
};

interface GreetingProps {
  name: string;
  siteName: string;
}

export function Greeting({ name, siteName }: GreetingProps) {
  const { t } = useTranslation();
  const part = partOfDay(new Date().getHours());
  return (
    <div>
      <Title order={1} size="h2">
        {t(`admin:dashboard.greeting.${part}`, { name })}
      </Title>
      <Text c="dimmed" mt={4}>
        {t('admin:dashboard.intro', { siteName })}
      </Text>
    </div>
  );
}
