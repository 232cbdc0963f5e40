import { TaxonomyList } from '../components/taxonomy-list';

/** SPEC §2 /admin/tag. */
function TagListPage() {
  return <TaxonomyList kind="tag" />;
}

export { TagListPage as Component };
