import { TaxonomyList } from '../components/taxonomy-list';

/** SPEC §2 /admin/creator. */
function CreatorListPage() {
  return <TaxonomyList kind="creator" />;
}

export { CreatorListPage as Component };
