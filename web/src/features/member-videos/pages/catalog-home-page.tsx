import { Anchor, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n';
import { Link, useParams } from 'react-router';
import { useTaxonomyPages, useVideoPages } from '../api';
import { areaBase, areaPaths } from '../../../lib/area-paths';
import { useCatalogSite } from '../catalog-api';
import { VideoCardGrid } from '../../../components/video-card-grid';
import { usePublicDesign } from '../../../lib/public-design';
import { LoadError } from '../../../components/load-error';
import { DesignPageImage } from '../../../components/design-page-image';

const NEWER = { kind: 'newer' } as const;

function SectionHeading({ title, linkLabel, to }: { title: string; linkLabel: string; to: string }) {
  return (
    <Group justify="space-between" align="baseline" gap="xs">
      <Title order={2} size="h3">
        {title}
      </Title>
      <Anchor component={Link} to={to} size="sm">
        {linkLabel}
      </Anchor>
    </Group>
  );
}

/** The catalog's categories as links to their videos (first page; the full list is one click away). */
function CategoryLinks({ teamId }: { teamId: string }) {
  const { t } = useTranslation();
  const { data, error, isLoading, mutate } = useTaxonomyPages('catalog', teamId, 'category');
  const base = areaBase('catalog', teamId);
  const items = data?.[0]?.items ?? [];
  if (error) return <LoadError title={t('videolist:taxonomy.loadFailed')} error={error} onRetry={() => void mutate()} />;
  if (isLoading || !data) return <Skeleton h={30} w={240} />;
  if (items.length === 0) return <Text c="dimmed">{t('catalog:home.noCategories')}</Text>;
  return (
    <Group component="ul" gap="xs" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {items.map((item) => (
        <li key={item.id}>
          <Button component={Link} to={`${base}${areaPaths.taxonomyItem(item.kind, item.id)}`} variant="light" radius="xl" size="sm">
            {item.name}
          </Button>
        </li>
      ))}
    </Group>
  );
}

/** SPEC §2 /catalog/:teamId: the catalog top, the site's newest public videos and its categories. */
function CatalogHomePage() {
  const { t } = useTranslation();
  const { teamId = '' } = useParams();
  // Already loaded by the layout: the same cached answer.
  const { data: site } = useCatalogSite(teamId);
  // SPEC §3 page kinds: the catalog top's image (site_customize/image); the layout already read the design.
  const { data: design } = usePublicDesign(site ? teamId : '');
  const newer = useVideoPages('catalog', teamId, NEWER);
  const base = areaBase('catalog', teamId);

  return (
    <Stack gap="xl">
      <DesignPageImage url={design?.pageImages.catalogTop} maxHeight={320} mb={0} />
      <Stack gap={4}>
        <Title order={1} size="h2">
          {site?.siteName}
        </Title>
        <Text c="dimmed">{t('catalog:home.lead')}</Text>
      </Stack>
      <Stack gap="md" component="section">
        <SectionHeading title={t('catalog:home.newest')} linkLabel={t('catalog:home.allNewer')} to={`${base}${areaPaths.newer()}`} />
        <VideoCardGrid area="catalog" teamId={teamId} pages={newer} emptyText={t('videolist:list.empty')} />
      </Stack>
      <Stack gap="md" component="section">
        <SectionHeading title={t('catalog:home.categories')} linkLabel={t('catalog:home.allCategories')} to={`${base}${areaPaths.taxonomyList('category')}`} />
        <CategoryLinks teamId={teamId} />
      </Stack>
    </Stack>
  );
}

export { CatalogHomePage as Component };
