import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A page's heading (an `h1` styled as `h2`) and, under it, the dimmed line that says what the page is for. */
export function PageHeading({ title, description }: { title: ReactNode; description?: ReactNode }) {
  const heading = (
    <Title order={1} size="h2">
      {title}
    </Title>
  );
  if (!description) return heading;
  return (
    <Stack gap={4}>
      {heading}
      <Text size="sm" c="dimmed">
        {description}
      </Text>
    </Stack>
  );
}
