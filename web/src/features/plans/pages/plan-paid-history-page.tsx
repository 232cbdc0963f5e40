import { PlanInvoices } from '../components/plan-invoices';

/** SPEC §2 /admin/general_setting/subscription/paid_history (site managers). */
function PlanPaidHistoryPage() {
  return <PlanInvoices />;
}

export { PlanPaidHistoryPage as Component };
