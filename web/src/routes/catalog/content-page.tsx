import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconLogin2 } from '@tabler/icons-react';
import { useCallback, type ComponentType } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import type { ContentItemType } from '../../../../shared/api/calls/content-items';
import { useMemberContent } from '../../features/member-contents/api';
import { ContentView } from '../../features/member-contents/components/content-view';
import { catalogToMemberPath } from '../../lib/catalog-path';
import { useTranslation } from '../../lib/i18n';

/** SPEC §2 catalog mirror of a content page: only catalog items answer; to buy or read more, a visitor logs in. */
function CatalogContentPage({ type }: { type: ContentItemType }) {
  const { t } = useTranslation();
  const { teamId = '', id = '', eventId } = useParams();
  const { pathname, search, hash } = useLocation();
  const { data, error, isLoading, mutate } = useMemberContent('catalog', teamId, type, id);
  const base = `/catalog/${encodeURIComponent(teamId)}`;
  const memberPath = catalogToMemberPath(pathname + search + hash);
  const refresh = useCallback(() => void mutate(), [mutate]);
  const login = (title: string, body: string) => (
    <Paper withBorder p="lg" radius="md" maw={720}>
      <Stack gap="sm">
        <Title order={2} size="h3">
          {title}
        </Title>
        <Text c="dimmed">{body}</Text>
        {memberPath && (
          <Button component={Link} to={memberPath} leftSection={<IconLogin2 size={16} aria-hidden />} w="fit-content">
            {t('purchases:catalog.login')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
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
          <Button component={Link} to={`${base}/event/${encodeURIComponent(eventId)}`} variant="default" w="fit-content">
            {t('events:page.backToEvent')}
          </Button>
        ) : (
          <Button component={Link} to={base} variant="default" w="fit-content">
            {t('catalog:video.backToTop')}
          </Button>
        )
      }
      actions={
        memberPath && (
          <Group gap={6}>
            <IconLogin2 size={16} aria-hidden />
            <Anchor component={Link} to={memberPath} size="sm">
              {t('membercontents:page.openAsMember')}
            </Anchor>
          </Group>
        )
      }
      unpurchased={login(t('purchases:catalog.title'), t('purchases:catalog.body'))}
      registered={login(t('membercontents:page.registeredTitle'), t('membercontents:page.registeredBody'))}
    />
  );
}

const pages = new Map<ContentItemType, ComponentType>();
/** The page of one type, made once (a route module's `Component` keeps its identity). */
export function catalogContentPage(type: ContentItemType): ComponentType {
  let page = pages.get(type);
  if (!page) {
    page = () => <CatalogContentPage type={type} />;
    pages.set(type, page);
  }
  return page;
}
