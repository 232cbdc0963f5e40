import { TaxonomyEdit } from '../components/taxonomy-edit';

/** SPEC §2 /admin/category/create and /admin/category/:id/edit. */
function CategoryEditPage() {
  return <TaxonomyEdit kind="category" />;
}

export { CategoryEditPage as Component };
