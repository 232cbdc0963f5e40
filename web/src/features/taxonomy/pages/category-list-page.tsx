import { TaxonomyList } from '../components/taxonomy-list';

/** SPEC §2 /admin/category. */
function CategoryListPage() {
  return <TaxonomyList kind="category" />;
}

export { CategoryListPage as Component };
