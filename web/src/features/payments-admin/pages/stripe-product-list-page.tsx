import { ProductList } from '../components/product-list';

/** SPEC §2 /admin/stripe/product. */
function ProductListPage() {
  return <ProductList />;
}

export { ProductListPage as Component };
