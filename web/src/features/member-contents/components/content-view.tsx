import { Image, Skeleton, Stack, Title } from '@mantine/core';
import { IconCalendarOff, IconClock, IconMoodEmpty } from '@tabler/icons-react';
import { Suspense, type ReactNode } from 'react';
import type { ContentItemType, MemberContentAnswer } from '../../../../../shared/api/calls/content-items';
import { AttachedFiles } from '../../../components/attached-files';
import { OverviewText, PageMessage } from '../../../components/content-page-parts';
import { LoadError } from '../../../components/load-error';
import { ApiError } from '../../../lib/api-error';
import { formatDate } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { viewOf, viewOwnsRelease } from '../views/view-registry';

export interface ContentViewProps {
  /** The page's type: its not-found page names it (SPEC §8 not-found pages for PDF, live, playlist…). */
  type: ContentItemType;
  answer: MemberContentAnswer | undefined;
  error: unknown;
  isLoading: boolean;
  onRetry: () => void;
  /** The way back shown with every message (a link button). */
  back: ReactNode;
  /** Under the title (e.g. the catalog's "open as a member" link). */
  actions?: ReactNode;
  /** SPEC §4 "unpurchased": what the page offers instead of the content (prices, or a way to log in and buy). */
  unpurchased?: ReactNode;
  /** SPEC §4 "registered": a visitor must log in (the catalog's member link). */
  registered?: ReactNode;
  /** Where the area's paths start (`/user/<team>` or `/catalog/<team>`), for the type views' links. */
  base: string;
  /** Reloads the answer after an action changed it (e.g. applying to an event). */
  onChanged: () => void;
  /** Under the page, whatever its state (the member's comments). */
  below?: ReactNode;
}

/**
 * The member page of any content item but the video (and its catalog mirror): every SPEC §4 access state
 * (loading, not found, registered, unpurchased, before and after the viewable period, the event's states,
 * network error with retry), the common part (title, thumbnail, overview, attached files while visible) and the
 * type's own view (views/<type>-view.tsx), which also decides what it shows outside `visible` (a PDF's sample, a
 * live's schedule, an event's contents and its apply button).
 */
export function ContentView({ type, answer, error, isLoading, onRetry, back, actions, unpurchased, registered, base, onChanged, below }: ContentViewProps) {
  const { t } = useTranslation();
  if (isLoading) return <Skeleton h={360} maw={960} radius="md" aria-busy />;
  // A malformed id (400) names nothing either; a refused one (403) is shown as not found too: reveal nothing.
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
    return (
      <PageMessage order={2} title={t(`membercontents:notFound.${type}`)} body={t('membercontents:page.notFoundBody')} icon={<IconMoodEmpty size={40} aria-hidden />}>
        {back}
      </PageMessage>
    );
  }
  if (error || !answer) {
    return <LoadError title={t('membercontents:page.loadFailed')} message={t('membercontents:page.networkError')} icon={null} maw={720} error={error} onRetry={onRetry} />;
  }
  const { item, state } = answer;
  const TypeView = viewOf(item.type);
  const typeView = TypeView && (
    <Suspense fallback={<Skeleton h={240} />}>
      <TypeView answer={answer} base={base} onChanged={onChanged} />
    </Suspense>
  );
  const notice = (() => {
    switch (state) {
      case 'unpurchased':
        return unpurchased;
      case 'registered':
        return registered;
      case 'beforeRelease':
        if (viewOwnsRelease(item.type)) return undefined;
        return (
          <PageMessage
            order={2}
            title={t('membercontents:page.beforeReleaseTitle')}
            body={item.viewableStart ? t('membercontents:page.beforeReleaseBody', { date: formatDate(item.viewableStart) }) : ''}
            icon={<IconClock size={40} aria-hidden />}
          />
        );
      case 'afterRelease':
        if (viewOwnsRelease(item.type)) return undefined;
        return (
          <PageMessage
            order={2}
            title={t('membercontents:page.afterReleaseTitle')}
            body={item.viewableEnd ? t('membercontents:page.afterReleaseBody', { date: formatDate(item.viewableEnd) }) : ''}
            icon={<IconCalendarOff size={40} aria-hidden />}
          />
        );
      case 'visible':
        return undefined;
      default:
        // The event's states (unapplied, outside the application period, before and after the event) are the event view's.
        return undefined;
    }
  })();
  return (
    <Stack gap="lg" maw={960}>
      <Stack gap="xs">
        <Title order={1} size="h2">
          {item.title}
        </Title>
        {actions}
      </Stack>
      {item.thumbnailUrl && state !== 'visible' && <Image src={item.thumbnailUrl} alt="" maw={480} radius="md" />}
      {notice}
      {typeView}
      <OverviewText heading={t('membercontents:page.overview')} text={item.overview} />
      <AttachedFiles files={item.files} />
      {below}
      {back}
    </Stack>
  );
}
