import { useCallback } from 'react';
import { useLocation, useParams } from 'react-router';
import type { ContentItemType } from '../../../../../shared/api/calls/content-items';
import { BackButton, TitleLink } from '../../../components/page-links';
import { useMemberContent } from '../api';
import { ContentView } from '../components/content-view';
import { pagePerType } from '../page-per-type';
import type { ContentSlots } from '../../../lib/content-slots';
import { useTranslation } from '../../../lib/i18n';
import { isItemSelect, selectionOrigin } from '../../../lib/item-select';

/**
 * SPEC §2 /user/:teamId/<pdf|article|live|playlist|event>/:id: one page for every type, told its type; also
 * event/<pdf|live>/:eventId/:id/item_select (and event/live/:parentId/:liveId), the content opened through an event
 * (the event grants it; the way back leads there); and <pdf|live>/:id/item_select, the item opened from a member list
 * (the way back leads to that list). Save buttons, comments and the purchase panel are other
 * features' parts, given as `slots` by the route table.
 */
function MemberContentPage({ type, slots }: { type: ContentItemType; slots: ContentSlots }) {
  const { SaveButtons, ContentComments, PurchasePanel } = slots;
  const { t } = useTranslation();
  const { teamId = '', id = '', eventId } = useParams();
  const { data, error, isLoading, mutate } = useMemberContent('user', teamId, type, id, eventId ? { eventId } : {});
  const base = `/user/${encodeURIComponent(teamId)}`;
  const { pathname, state } = useLocation();
  const eventPath = eventId ? `${base}/event/${encodeURIComponent(eventId)}` : undefined;
  const selectedFrom = !eventId && isItemSelect(pathname) ? selectionOrigin(state, base, type) : undefined;
  const pagePath = eventId
    ? `${base}/event/${type}/${encodeURIComponent(eventId)}/${encodeURIComponent(id)}/item_select`
    : `${base}/${type}/${encodeURIComponent(id)}${selectedFrom ? '/item_select' : ''}`;
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
          <BackButton to={eventPath}>{t('events:page.backToEvent')}</BackButton>
        ) : selectedFrom ? (
          <BackButton to={selectedFrom}>{t('videolist:selection.back')}</BackButton>
        ) : (
          <BackButton to={base}>{t('membercontents:page.backToHome')}</BackButton>
        )
      }
      actions={
        eventPath ? (
          <TitleLink to={eventPath} kind="back">
            {t('events:page.backToEvent')}
          </TitleLink>
        ) : (
          data && (
            <>
              {selectedFrom && (
                <TitleLink to={selectedFrom} kind="back">
                  {t('videolist:selection.back')}
                </TitleLink>
              )}
              <SaveButtons type={type} id={id} />
            </>
          )
        )
      }
      // Comments belong to the item's own page; opened through an event it is the event's page.
      below={!eventPath && data && <ContentComments type={type} id={id} />}
      unpurchased={
        data?.state === 'unpurchased' && (
          <PurchasePanel title={data.item.title} priceIds={data.priceIds ?? []} returnPath={pagePath} onRefresh={refresh} />
        )
      }
    />
  );
}

/** One route component per type (made once), with the other features' parts. */
export const memberContentPages = (slots: ContentSlots) => pagePerType(({ type }) => <MemberContentPage type={type} slots={slots} />);
