import { Button } from '@mantine/core';
import { useCallback, type ComponentType } from 'react';
import { Link, useParams } from 'react-router';
import type { ContentItemType } from '../../../../shared/api/calls/content-items';
import { useMemberContent } from '../../features/member-contents/api';
import { ContentView } from '../../features/member-contents/components/content-view';
import { PurchasePanel } from '../../features/purchases/components/purchase-panel';
import { useTranslation } from '../../lib/i18n';

/** SPEC §2 /user/:teamId/<pdf|article|live|playlist|event>/:id: one page for every type, told its type. */
function MemberContentPage({ type }: { type: ContentItemType }) {
  const { t } = useTranslation();
  const { teamId = '', id = '' } = useParams();
  const { data, error, isLoading, mutate } = useMemberContent('user', teamId, type, id);
  const base = `/user/${encodeURIComponent(teamId)}`;
  const refresh = useCallback(() => void mutate(), [mutate]);
  return (
    <ContentView
      type={type}
      answer={data}
      error={error}
      isLoading={isLoading}
      onRetry={refresh}
      onChanged={refresh}
      base={base}
      back={
        <Button component={Link} to={base} variant="default" w="fit-content">
          {t('membercontents:page.backToHome')}
        </Button>
      }
      unpurchased={
        data?.state === 'unpurchased' && (
          <PurchasePanel title={data.item.title} priceIds={data.priceIds ?? []} returnPath={`${base}/${type}/${encodeURIComponent(id)}`} onRefresh={refresh} />
        )
      }
    />
  );
}

const pages = new Map<ContentItemType, ComponentType>();
/** The page of one type, made once (a route module's `Component` keeps its identity). */
export function memberContentPage(type: ContentItemType): ComponentType {
  let page = pages.get(type);
  if (!page) {
    page = () => <MemberContentPage type={type} />;
    pages.set(type, page);
  }
  return page;
}
