import { TaxRateEdit } from '../components/tax-rate-edit';

/** SPEC §2 /admin/stripe/tax_rate/create and /admin/stripe/tax_rate/:taxRateId/edit. */
function TaxRateEditPage() {
  return <TaxRateEdit />;
}

export { TaxRateEditPage as Component };
