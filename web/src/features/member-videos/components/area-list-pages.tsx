import { useTranslation } from '../../../lib/i18n';
import { useParams } from 'react-router';
import type { TaxonomyKind } from '../../../../../shared/api/calls/categories';
import type { ContentType } from '../../../../../shared/content-types';
import type { VideoArea } from '../../../lib/area-paths';
import { CreatorProfileView } from './creator-profile-view';
import { TaxonomyListView } from './taxonomy-grid';
import { VideoListView } from './video-list-view';
import { VideoSearchView } from './video-search-view';

/**
 * The list pages of SPEC §2, the same in the member area and the catalog: each reads its route's
 * parameters; the route modules only say which area they are in.
 */
interface AreaProps {
  area: VideoArea;
}

export function NewerVideosPage({ area }: AreaProps) {
  const { t } = useTranslation();
  const { teamId = '' } = useParams();
  return <VideoListView area={area} teamId={teamId} source={{ kind: 'newer' }} title={t('player:list.newerTitle')} />;
}

export function PopularVideosPage({ area }: AreaProps) {
  const { t } = useTranslation();
  const { teamId = '' } = useParams();
  return (
    <VideoListView
      area={area}
      teamId={teamId}
      source={{ kind: 'popular' }}
      title={t('videolist:titles.popular')}
      hint={t('videolist:titles.popularHint')}
      emptyText={t('videolist:list.popularEmpty')}
    />
  );
}

/** videos, videos/category/:categoryId, videos/tag/:tagId, videos/creator/:creatorId */
export function VideosPage({ area }: AreaProps) {
  const { t } = useTranslation();
  const { teamId = '', categoryId, tagId, creatorId } = useParams();
  const source = categoryId
    ? ({ kind: 'category', id: categoryId } as const)
    : tagId
      ? ({ kind: 'tag', id: tagId } as const)
      : creatorId
        ? ({ kind: 'creator', id: creatorId } as const)
        : ({ kind: 'all' } as const);
  return <VideoListView key={`${source.kind}:${'id' in source ? source.id : ''}`} area={area} teamId={teamId} source={source} title={t('videolist:titles.all')} />;
}

/** videos/search and videos/search/:query (the router hands the segment over decoded). */
export function SearchVideosPage({ area }: AreaProps) {
  const { teamId = '', query = '' } = useParams();
  return <VideoSearchView area={area} teamId={teamId} query={query} />;
}

export function TaxonomyPage({ area, kind }: AreaProps & { kind: TaxonomyKind }) {
  const { teamId = '' } = useParams();
  return <TaxonomyListView area={area} teamId={teamId} kind={kind} />;
}

export function CreatorPage({ area }: AreaProps) {
  const { teamId = '', creatorId = '' } = useParams();
  return <CreatorProfileView key={creatorId} area={area} teamId={teamId} creatorId={creatorId} />;
}

/** The scope of a list route: all, or one category, tag or creator. */
function useListSource() {
  const { categoryId, tagId, creatorId } = useParams();
  return categoryId
    ? ({ kind: 'category', id: categoryId } as const)
    : tagId
      ? ({ kind: 'tag', id: tagId } as const)
      : creatorId
        ? ({ kind: 'creator', id: creatorId } as const)
        : undefined;
}

/** <type>/newer, <type>, <type>/category|tag|creator/:id of every type but the video (SPEC §2). */
export function TypeListPage({ area, type, newer }: AreaProps & { type: ContentType; newer: boolean }) {
  const { t } = useTranslation();
  const { teamId = '' } = useParams();
  const scoped = useListSource();
  const source = scoped ?? ({ kind: newer ? 'newer' : 'all' } as const);
  return (
    <VideoListView
      key={`${type}:${source.kind}:${'id' in source ? source.id : ''}`}
      area={area}
      type={type}
      teamId={teamId}
      source={source}
      title={t(`videolist:types.${type}.${newer ? 'newer' : 'all'}`)}
    />
  );
}

export function TypeTaxonomyPage({ area, kind, type }: AreaProps & { kind: TaxonomyKind; type: ContentType }) {
  const { teamId = '' } = useParams();
  return <TaxonomyListView area={area} teamId={teamId} kind={kind} type={type} />;
}
