import { PriceList } from '../components/price-list';

/** SPEC §2 /admin/stripe/price/:productId. */
function PriceListPage() {
  return <PriceList />;
}

export { PriceListPage as Component };
