import { Anchor, Group, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export interface AdminPageFrameProps {
  /** The page's heading (an `h1` styled as `h2`). */
  title: ReactNode;
  /** The link back to where the page was opened from, above the heading. */
  back?: { to: string; label: string };
  /** Beside the heading, on its right (e.g. the item's id); `null` keeps the heading's row without it. */
  aside?: ReactNode;
  /** In place of the plain heading (e.g. `AdminListHeader` with its create button). */
  heading?: ReactNode;
  /** The page's widest (960 when omitted); `null`: as wide as the area. */
  maw?: number | null;
}

/** The frame of one admin page: back link, heading, then the page's body, one under the other. */
export function AdminPage({ title, back, aside, heading, maw = 960, children }: AdminPageFrameProps & { children?: ReactNode }) {
  const titleElement = (
    <Title order={1} size="h2">
      {title}
    </Title>
  );
  return (
    <Stack gap="lg" maw={maw ?? undefined}>
      {back && (
        <Anchor component={Link} to={back.to} size="sm">
          {back.label}
        </Anchor>
      )}
      {heading ??
        (aside !== undefined ? (
          <Group justify="space-between" align="flex-end">
            {titleElement}
            {aside}
          </Group>
        ) : (
          titleElement
        ))}
      {children}
    </Stack>
  );
}
