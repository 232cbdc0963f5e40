import { PlanChooser } from '../components/plan-chooser';

/** SPEC §2 /admin/general_setting/billing (paying managers). */
function PlanBillingPage() {
  return <PlanChooser />;
}

export { PlanBillingPage as Component };
