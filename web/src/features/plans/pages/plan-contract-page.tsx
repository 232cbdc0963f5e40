import { PlanContractView } from '../components/plan-contract';

/** SPEC §2 /admin/general_setting/subscription/contracting_plan (site managers). */
function PlanContractPage() {
  return <PlanContractView />;
}

export { PlanContractPage as Component };
