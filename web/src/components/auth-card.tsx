import { Paper, Stack, Text, Title } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';

interface AuthCardProps {
  /** The page's heading (an `h1` styled as `h2`). */
  title: ReactNode;
  /** The dimmed line under the heading. */
  subtitle?: ReactNode;
  /** With it, the card is one form (its own validation off: the fields show the app's messages). */
  onSubmit?: (e: FormEvent<HTMLFormElement>) => void;
  children?: ReactNode;
}

/** The card of the sign-in, registration, join and account pages: heading, subtitle, then its content. */
export function AuthCard({ title, subtitle, onSubmit, children }: AuthCardProps) {
  const body = (
    <Stack gap="md">
      {subtitle ? (
        <div>
          <Title order={1} size="h2">
            {title}
          </Title>
          <Text c="dimmed" size="sm" mt={4}>
            {subtitle}
          </Text>
        </div>
      ) : (
        <Title order={1} size="h2">
          {title}
        </Title>
      )}
      {children}
    </Stack>
  );
  return (
    <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 'xl' }} radius="md">
      {onSubmit ? (
        <form onSubmit={onSubmit} noValidate>
          {body}
        </form>
      ) : (
        body
      )}
    </Paper>
  );
}
