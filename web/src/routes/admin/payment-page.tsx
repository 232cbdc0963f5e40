import { PaymentConnection } from '../../features/payments-admin/components/payment-connection';

/** SPEC §2 /admin/payment: the Stripe connection. */
function PaymentConnectionPage() {
  return <PaymentConnection />;
}

export { PaymentConnectionPage as Component };
