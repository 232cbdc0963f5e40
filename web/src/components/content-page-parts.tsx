import { Paper, Stack, Text, Title, type TitleOrder } from '@mantine/core';
import type { ReactNode } from 'react';

/** A member page's state in place of its content (not found, before or after release…): icon, title, text, and the way back. */
export function PageMessage({ title, body, icon, order, children }: { title: string; body: string; icon: ReactNode; order: TitleOrder; children?: ReactNode }) {
  return (
    <Paper withBorder p="lg" radius="md" maw={720}>
      <Stack gap="sm">
        {icon}
        <Title order={order} size="h3">
          {title}
        </Title>
        {body && <Text c="dimmed">{body}</Text>}
        {children}
      </Stack>
    </Paper>
  );
}

/** A content item's overview under its heading, line breaks kept. */
export function OverviewText({ heading, text }: { heading: string; text: string | undefined }) {
  if (!text) return null;
  return (
    <Stack gap={4}>
      <Title order={2} size="h4">
        {heading}
      </Title>
      <Text style={{ whiteSpace: 'pre-wrap' }}>{text}</Text>
    </Stack>
  );
}
