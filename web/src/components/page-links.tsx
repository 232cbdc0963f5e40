import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconLogin2 } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * The ways out of a member or catalog page (watch page and content page alike): the back button under the page,
 * a small link beside its title, and the catalog's invitation to log in. One look for every page that shows them.
 */
export function BackButton({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Button component={Link} to={to} variant="default" w="fit-content">
      {children}
    </Button>
  );
}

/** A small link beside the title: back to the parent (an event) or, in the catalog, on to the member's page. */
export function TitleLink({ to, kind, children }: { to: string; kind: 'back' | 'login'; children: ReactNode }) {
  const Icon = kind === 'back' ? IconArrowLeft : IconLogin2;
  return (
    <Group gap={6}>
      <Icon size={16} aria-hidden />
      <Anchor component={Link} to={to} size="sm">
        {children}
      </Anchor>
    </Group>
  );
}

/** In the catalog, where a member would see more: why, and the way to log in (the member's page of the same item). */
export function CatalogLoginPanel({ title, body, memberPath, loginLabel }: { title: string; body: string; memberPath: string | undefined; loginLabel: string }) {
  return (
    <Paper withBorder p="lg" radius="md" maw={720}>
      <Stack gap="sm">
        <Title order={2} size="h3">
          {title}
        </Title>
        <Text c="dimmed">{body}</Text>
        {memberPath && (
          <Button component={Link} to={memberPath} leftSection={<IconLogin2 size={16} aria-hidden />} w="fit-content">
            {loginLabel}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
