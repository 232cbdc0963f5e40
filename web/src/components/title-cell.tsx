import { Anchor, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface TitleCellProps {
  /** The row's editor. */
  to: string;
  title: ReactNode;
  /** One dimmed line under the title: its subject, id or count. */
  detail?: ReactNode;
  /** Clamp the detail to this many lines (default: as long as it is). */
  lines?: number;
}

/** A list row's name: the link to its editor and one dimmed line under it. */
export function TitleCell({ to, title, detail, lines }: TitleCellProps) {
  return (
    <>
      <Anchor component={Link} to={to} fw={500}>
        {title}
      </Anchor>
      {detail !== undefined && (
        <Text size="xs" c="dimmed" lineClamp={lines}>
          {detail}
        </Text>
      )}
    </>
  );
}
