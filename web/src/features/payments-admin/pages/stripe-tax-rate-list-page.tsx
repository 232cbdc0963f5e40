import { TaxRateList } from '../components/tax-rate-list';

/** SPEC §2 /admin/stripe/tax_rate. */
function TaxRateListPage() {
  return <TaxRateList />;
}

export { TaxRateListPage as Component };
