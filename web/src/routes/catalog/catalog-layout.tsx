import { ActionIcon, Alert, Anchor, Box, Button, Center, Container, Group, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconEye, IconLogin2, IconMoodEmpty, IconSearch } from '@tabler/icons-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n';
import { Link, Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { LanguageSwitch } from '../../components/language-switch';
import { LoadError } from '../../components/load-error';
import { PageLoader } from '../../components/page-loader';
import { VIDEO_SEARCH_QUERY_MAX_LENGTH } from '../../features/member-videos/api';
import { areaBase, areaPaths } from '../../lib/area-paths';
import { useCatalogSite } from '../../features/member-videos/catalog-api';
import { SiteBrand } from '../../features/site-design/components/site-brand';
import { SiteFooter } from '../../features/site-design/components/site-footer';
import { usePublicDesign } from '../../lib/public-design';
import { useSiteFavicon } from '../../features/site-design/site-favicon';
import { useSiteLanguage } from '../../features/site-design/site-language';
import { ApiError } from '../../lib/api-error';
import { catalogToMemberPath } from '../../lib/catalog-path';
import { useCatalogPreview } from '../../lib/catalog-preview';
import { useSiteTheme } from '../../lib/site-theme';
import { getTeamSession } from '../../lib/team-session';

const navEntries = [
  { key: 'newer', path: areaPaths.newer() },
  { key: 'popular', path: areaPaths.popular() },
  { key: 'categories', path: areaPaths.taxonomyList('category') },
  { key: 'creators', path: areaPaths.taxonomyList('creator') },
] as const;

/** The frame around every state: light, the language switch always at hand. */
function Frame({ header, children, footer, designed = false }: { header: ReactNode; children: ReactNode; footer?: ReactNode; designed?: boolean }) {
  return (
    <Box mih="100vh" bg={designed ? 'var(--mantine-color-body)' : 'gray.0'}>
      <Box component="header" bg={designed ? 'var(--mantine-color-body)' : 'white'} style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
        <Container size="lg" py="xs">
          {header}
        </Container>
      </Box>
      <Container component="main" size="lg" py={{ base: 'md', sm: 'lg' }}>
        {children}
      </Container>
      {footer}
    </Box>
  );
}

function SearchBox({ onSearch }: { onSearch: (query: string) => void }) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const text = query.trim();
    if (text) onSearch(text);
  };
  return (
    <Box component="form" role="search" onSubmit={submit} w={{ base: '100%', sm: 280 }}>
      <TextInput
        type="search"
        aria-label={t('catalog:search.label')}
        placeholder={t('catalog:search.placeholder')}
        value={query}
        maxLength={VIDEO_SEARCH_QUERY_MAX_LENGTH}
        onChange={(e) => setQuery(e.currentTarget.value)}
        rightSection={
          <ActionIcon type="submit" variant="subtle" aria-label={t('catalog:search.submit')}>
            <IconSearch size={16} aria-hidden />
          </ActionIcon>
        }
      />
    </Box>
  );
}

/**
 * SPEC §2 /catalog/:teamId: the public catalog's frame for visitors (no login): the site name, the catalog
 * lists, a search box, the member login (back to the member page of what is on screen) and the language.
 * While the team's public access is off, or for an unknown team, every catalog page is "not found".
 */
function CatalogLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { teamId = '' } = useParams();
  const { pathname, search, hash } = useLocation();
  const { data: site, error, isLoading, mutate } = useCatalogSite(teamId);
  const base = areaBase('catalog', teamId);
  // Preview mode works before the catalog is opened to the public: the administrator's own site name serves.
  const preview = useCatalogPreview(teamId);
  const closed = error instanceof ApiError && (error.status === 404 || error.status === 400);
  const data = site ?? (preview && closed ? { teamId, siteName: getTeamSession()?.siteName ?? '' } : undefined);
  // SPEC §3 Design: the team's colours and theme, once the catalog is open (a closed one reveals nothing).
  const { data: design } = usePublicDesign(site ? teamId : '');
  useSiteTheme(design);
  useSiteLanguage(design?.memberLanguage);
  useSiteFavicon(design?.faviconUrl);

  // Public access off, no such team, or an id no team can have (400): the same answer, revealing nothing.
  if (closed && !preview) {
    return (
      <Frame
        header={
          <Group justify="flex-end" h={44}>
            <LanguageSwitch />
          </Group>
        }
      >
        <Center mih="60vh">
          <Stack align="center" gap="md" maw={480} ta="center">
            <IconMoodEmpty size={48} color="var(--mantine-color-indigo-3)" aria-hidden />
            <Title order={1} size="h2">
              {t('catalog:notFound.title')}
            </Title>
            <Text c="dimmed">{t('catalog:notFound.body')}</Text>
          </Stack>
        </Center>
      </Frame>
    );
  }

  // The member-area page of what is on screen (its member login leads there), when it has one.
  const memberPath = catalogToMemberPath(pathname + search + hash);
  const loginPath = `/login/${encodeURIComponent(teamId)}${memberPath ? `?redirectPath=${encodeURIComponent(memberPath)}` : ''}`;

  const header = (
    <Stack gap="xs">
      <Group justify="space-between" wrap="nowrap" mih={44}>
        {data ? (
          <Anchor component={Link} to={base} underline="never" c={design ? 'var(--mantine-color-text)' : 'dark'} fw={700} fz="lg" miw={0}>
            <SiteBrand siteName={data.siteName} logoUrl={design?.logoUrl} />
          </Anchor>
        ) : (
          <Skeleton h={20} w={180} />
        )}
        <Group gap="sm" wrap="nowrap" style={{ flexShrink: 0 }}>
          <LanguageSwitch />
          <Button component={Link} to={loginPath} size="xs" leftSection={<IconLogin2 size={16} aria-hidden />} visibleFrom="sm">
            {t('catalog:header.memberLogin')}
          </Button>
          <ActionIcon component={Link} to={loginPath} size="lg" hiddenFrom="sm" aria-label={t('catalog:header.memberLogin')}>
            <IconLogin2 size={18} aria-hidden />
          </ActionIcon>
        </Group>
      </Group>
      <Group justify="space-between" gap="xs" wrap="wrap">
        {/* A plain scrolling box: Mantine's ScrollArea would add a 17 KB chunk to the catalog's first load. */}
        <Box maw="100%" style={{ overflowX: 'auto', scrollbarWidth: 'none' }}>
          <Group component="nav" aria-label={t('catalog:nav.label')} gap={4} wrap="nowrap">
            {navEntries.map(({ key, path }) => {
              const to = `${base}${path}`;
              const current = pathname === to;
              return (
                <Button
                  key={key}
                  component={Link}
                  to={to}
                  size="compact-sm"
                  variant={current ? 'light' : 'subtle'}
                  color={design ? (current ? undefined : 'gray') : current ? 'indigo' : 'dark'}
                  aria-current={current ? 'page' : undefined}
                >
                  {t(`catalog:nav.${key}`)}
                </Button>
              );
            })}
          </Group>
        </Box>
        <SearchBox onSearch={(query) => void navigate(`${base}${areaPaths.search(query)}`)} />
      </Group>
    </Stack>
  );

  let body: ReactNode = <Outlet />;
  if (isLoading) body = <PageLoader />;
  else if (!data) body = <LoadError title={t('catalog:loadFailed')} error={error} onRetry={() => void mutate()} />;
  return (
    <Frame header={header} designed={!!design} footer={design && <SiteFooter footerLinks={design.footerLinks} socialLinks={design.socialLinks} />}>
      {preview && (
        <Alert color="yellow" icon={<IconEye size={18} aria-hidden />} title={t('catalog:preview.title')} mb="md" role="status">
          {t('catalog:preview.body')}
        </Alert>
      )}
      {body}
    </Frame>
  );
}

export { CatalogLayout as Component };
