import { Stack } from '@mantine/core';
import { PaymentConnection } from '../components/payment-connection';
import { PaymentNotices } from '../components/payment-notices';

/** SPEC §2 /admin/payment: the Stripe connection, and the members' payments as they are notified. */
function PaymentConnectionPage() {
  return (
    <Stack gap="xl" maw={960}>
      <PaymentConnection />
      <PaymentNotices />
    </Stack>
  );
}

export { PaymentConnectionPage as Component };
