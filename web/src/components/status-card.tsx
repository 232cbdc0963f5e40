import { Container, Paper, Stack, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface StatusCardProps {
  /** A tabler icon at size 30, `aria-hidden`. */
  icon: ReactNode;
  color: string;
  title: ReactNode;
  children?: ReactNode;
  /** Shown above the card (e.g. the page kind's design image). */
  image?: ReactNode;
}

/** A page that only says where the person stands (a link that cannot be used, an account waiting, a site shut) and the way on. */
export function StatusCard({ icon, color, title, children, image }: StatusCardProps) {
  return (
    <Container size={560} py={{ base: 40, sm: 72 }}>
      {image}
      <Paper withBorder p="xl" radius="md">
        <Stack align="center" gap="md" ta="center">
          <ThemeIcon size={56} radius="xl" variant="light" color={color}>
            {icon}
          </ThemeIcon>
          <Title order={1} size="h3">
            {title}
          </Title>
          {children}
        </Stack>
      </Paper>
    </Container>
  );
}
