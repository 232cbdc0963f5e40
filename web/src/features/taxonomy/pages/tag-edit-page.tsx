import { TaxonomyEdit } from '../components/taxonomy-edit';

/** SPEC §2 /admin/tag/create and /admin/tag/:id/edit. */
function TagEditPage() {
  return <TaxonomyEdit kind="tag" />;
}

export { TagEditPage as Component };
