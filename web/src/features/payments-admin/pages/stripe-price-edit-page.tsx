import { PriceEdit } from '../components/price-edit';

/** SPEC §2 /admin/stripe/price/:productId/create and /admin/stripe/price/:productId/:priceId/edit. */
function PriceEditPage() {
  return <PriceEdit />;
}

export { PriceEditPage as Component };
