import { Avatar, Button, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n';
import { Link } from 'react-router';
import type { TaxonomyKind } from '../../../../../shared/api/calls/categories';
import type { ContentType } from '../../../../../shared/content-types';
import type { TaxonomyCard } from '../../../../../shared/api/calls/member-videos';
import { LoadError } from '../../../components/load-error';
import { useTaxonomyPages } from '../api';
import { areaBase, areaPaths, type VideoArea } from '../../../lib/area-paths';
import { CardGridSkeleton } from '../../../components/video-card-grid';
import { MediaThumbnail } from '../../../components/media-thumbnail';

const listStyle = { listStyle: 'none', padding: 0, margin: 0 };

function TaxonomyCardItem({ item, href }: { item: TaxonomyCard; href: string }) {
  const { t } = useTranslation();
  const cardProps = { component: Link, to: href, withBorder: true, radius: 'md', padding: 'sm', h: '100%', style: { textDecoration: 'none' } } as const;
  if (item.kind === 'creator') {
    // A creator is a person: a round portrait, the name and the start of the profile.
    return (
      <Card {...cardProps}>
        <Stack align="center" gap="xs" py="xs">
          <Avatar src={item.thumbnailUrl} alt="" size={96} radius="50%" color="indigo" name={item.name} />
          <Text fw={600} ta="center" c="indigo.9" lineClamp={2}>
            {item.name}
          </Text>
          {item.profile && (
            <Text size="sm" c="dimmed" ta="center" lineClamp={2}>
              {item.profile}
            </Text>
          )}
        </Stack>
      </Card>
    );
  }
  return (
    <Card {...cardProps}>
      <Card.Section>
        <MediaThumbnail src={item.thumbnailUrl} placeholderLabel={t('videolist:card.noThumbnail')} />
      </Card.Section>
      <Text fw={600} mt="sm" c="indigo.9" lineClamp={2}>
        {item.name}
      </Text>
    </Card>
  );
}

const titleKey = { category: 'categories', tag: 'tags', creator: 'creators' } as const;

/** SPEC §2 <type>/categories | tags | creators: each leads to that type's items in it (a video creator to the profile). */
export function TaxonomyListView({ area, teamId, kind, type = 'video' }: { area: VideoArea; teamId: string; kind: TaxonomyKind; type?: ContentType }) {
  const { t } = useTranslation();
  const { data, error, isLoading, isValidating, size, setSize, mutate } = useTaxonomyPages(area, teamId, kind);
  const items = data?.flatMap((p) => p.items) ?? [];
  const more = !!data?.[data.length - 1]?.nextCursor;
  const base = areaBase(area, teamId);

  let body;
  if (error && items.length === 0) body = <LoadError title={t('videolist:taxonomy.loadFailed')} error={error} onRetry={() => void mutate()} />;
  else if (isLoading || !data) body = <CardGridSkeleton label={t('videolist:list.loading')} />;
  else if (items.length === 0) body = <Text c="dimmed">{t(`videolist:taxonomy.empty.${kind}`)}</Text>;
  else
    body = (
      <SimpleGrid cols={kind === 'creator' ? { base: 2, sm: 3, md: 4, lg: 5 } : { base: 1, xs: 2, md: 3, lg: 4 }} component="ul" style={listStyle}>
        {items.map((item) => (
          <li key={item.id}>
            <TaxonomyCardItem item={item} href={`${base}${areaPaths.typeTaxonomyItem(type, item.kind, item.id)}`} />
          </li>
        ))}
      </SimpleGrid>
    );

  return (
    <Stack gap="lg" maw={1280}>
      <Title order={1} size="h2">
        {type === 'video' ? t(`videolist:titles.${titleKey[kind]}`) : t(`videolist:types.${type}.${titleKey[kind]}`)}
      </Title>
      {body}
      {more && (
        <Button variant="default" w="fit-content" loading={isValidating} onClick={() => void setSize(size + 1)}>
          {t('videolist:list.more')}
        </Button>
      )}
    </Stack>
  );
}
