import { Anchor, Button, Group } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useCallback, type ComponentType } from 'react';
import { Link, useParams } from 'react-router';
import type { ContentItemType } from '../../../../shared/api/calls/content-items';
import { useMemberContent } from '../../features/member-contents/api';
import { ContentView } from '../../features/member-contents/components/content-view';
import { PurchasePanel } from '../../features/purchases/components/purchase-panel';
import { useTranslation } from '../../lib/i18n';

/**
 * SPEC §2 /user/:teamId/<pdf|article|live|playlist|event>/:id: one page for every type, told its type; also
 * event/<pdf|live>/:eventId/:id/item_select, the content opened through an event (the event grants it; the way back
 * leads there).
 */
function MemberContentPage({ type }: { type: ContentItemType }) {
  const { t } = useTranslation();
  const { teamId = '', id = '', eventId } = useParams();
  const { data, error, isLoading, mutate } = useMemberContent('user', teamId, type, id, eventId ? { eventId } : {});
  const base = `/user/${encodeURIComponent(teamId)}`;
  const eventPath = eventId ? `${base}/event/${encodeURIComponent(eventId)}` : undefined;
  const pagePath = eventId ? `${base}/event/${type}/${encodeURIComponent(eventId)}/${encodeURIComponent(id)}/item_select` : `${base}/${type}/${encodeURIComponent(id)}`;
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
        eventPath ? (
          <Button component={Link} to={eventPath} variant="default" w="fit-content">
            {t('events:page.backToEvent')}
          </Button>
        ) : (
          <Button component={Link} to={base} variant="default" w="fit-content">
            {t('membercontents:page.backToHome')}
          </Button>
        )
      }
      actions={
        eventPath && (
          <Group gap={6}>
            <IconArrowLeft size={16} aria-hidden />
            <Anchor component={Link} to={eventPath} size="sm">
              {t('events:page.backToEvent')}
            </Anchor>
          </Group>
        )
      }
      unpurchased={
        data?.state === 'unpurchased' && (
          <PurchasePanel title={data.item.title} priceIds={data.priceIds ?? []} returnPath={pagePath} onRefresh={refresh} />
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
