import { Badge } from '@mantine/core';

/** SPEC §3 mail delivery statuses (and a bulk mail's own `pending` / `failed`), one colour each. */
const statusColor: Record<string, string> = {
  pending: 'gray',
  processed: 'blue',
  deferred: 'yellow',
  delivered: 'teal',
  bounce: 'red',
  dropped: 'red',
  failed: 'red',
};

/** A mail's delivery status in a log table; `label` is the status in the reader's language. */
export function DeliveryStatusBadge({ status, label }: { status: string | undefined; label: string }) {
  return (
    <Badge variant="light" color={statusColor[status ?? ''] ?? 'gray'}>
      {label}
    </Badge>
  );
}
