import { TaxonomyEdit } from '../components/taxonomy-edit';

/** SPEC §2 /admin/creator/create and /admin/creator/:id/edit. */
function CreatorEditPage() {
  return <TaxonomyEdit kind="creator" />;
}

export { CreatorEditPage as Component };
