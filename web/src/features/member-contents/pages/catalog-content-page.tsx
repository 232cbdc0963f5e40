import { useCallback } from 'react';
import { useLocation, useParams } from 'react-router';
import type { ContentItemType } from '../../../../../shared/api/calls/content-items';
import { BackButton, CatalogLoginPanel, TitleLink } from '../../../components/page-links';
import { useMemberContent } from '../api';
import { ContentView } from '../components/content-view';
import { pagePerType } from '../page-per-type';
import { catalogToMemberPath } from '../../../lib/catalog-path';
import { useCatalogPreview } from '../../../lib/catalog-preview';
import { useTranslation } from '../../../lib/i18n';

/**
 * SPEC §2 catalog mirror of a content page: only catalog items answer; to buy or read more, a visitor logs in. In
 * preview mode (`?preview`, an administrator of the team) it shows any item of the team as a member who may open it.
 */
function CatalogContentPage({ type }: { type: ContentItemType }) {
  const { t } = useTranslation();
  const { teamId = '', id = '', eventId } = useParams();
  const { pathname, search, hash } = useLocation();
  const preview = useCatalogPreview(teamId);
  const { data, error, isLoading, mutate } = useMemberContent(preview ? 'preview' : 'catalog', teamId, type, id);
  const base = `/catalog/${encodeURIComponent(teamId)}`;
  // In preview mode the administrator stays in the preview: no way to the member page.
  const memberPath = preview ? undefined : catalogToMemberPath(pathname + search + hash);
  const refresh = useCallback(() => void mutate(), [mutate]);
  const login = (title: string, body: string) => <CatalogLoginPanel title={title} body={body} memberPath={memberPath} loginLabel={t('purchases:catalog.login')} />;
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
        // Under an event (event/<pdf|live>/:eventId/:id/item_select) the way back is the event: a visitor has no
        // application, so the content is the catalog's own answer, not the event's grant.
        eventId ? (
          <BackButton to={`${base}/event/${encodeURIComponent(eventId)}`}>{t('events:page.backToEvent')}</BackButton>
        ) : (
          <BackButton to={base}>{t('catalog:video.backToTop')}</BackButton>
        )
      }
      actions={
        memberPath && (
          <TitleLink to={memberPath} kind="login">
            {t('membercontents:page.openAsMember')}
          </TitleLink>
        )
      }
      unpurchased={login(t('purchases:catalog.title'), t('purchases:catalog.body'))}
      registered={login(t('membercontents:page.registeredTitle'), t('membercontents:page.registeredBody'))}
    />
  );
}

export const catalogContentPage = pagePerType(CatalogContentPage);
