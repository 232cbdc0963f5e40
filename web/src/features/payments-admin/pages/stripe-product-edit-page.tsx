import { ProductEdit } from '../components/product-edit';

/** SPEC §2 /admin/stripe/product/create and /admin/stripe/product/:productId/edit. */
function ProductEditPage() {
  return <ProductEdit />;
}

export { ProductEditPage as Component };
