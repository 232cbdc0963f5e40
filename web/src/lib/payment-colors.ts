import type { InvoiceSummary, PurchasedInfo } from '../../../shared/api/calls/payments';

/** The badge colour of each subscription or payment state and invoice status, alike for members and administrators. */
export const paymentStateColor: Record<PurchasedInfo['state'], string> = {
  trialing: 'blue',
  active: 'teal',
  cancel_scheduled: 'yellow',
  past_due: 'red',
  unpaid: 'red',
  canceled: 'gray',
  incomplete: 'orange',
  success: 'teal',
  pending: 'orange',
  refunded: 'gray',
};

export const invoiceStatusColor: Record<InvoiceSummary['status'], string> = { draft: 'gray', open: 'orange', paid: 'teal', void: 'gray', uncollectible: 'red' };
