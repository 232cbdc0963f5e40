import { ActionIcon, Box, Burger, Button, Group, NavLink, Skeleton, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLogout, IconSearch } from '@tabler/icons-react';
import { useEffect, useEffectEvent } from 'react';
import { Link, Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { LanguageSwitch } from '../../components/language-switch';
import type { RouteGuard } from '../../components/lazy-route';
import { useMemberContext } from '../../lib/member-context';
import { VideoSearchForm } from '../../features/member-videos/components/video-search-form';
import { useAnalyticsTags } from '../../features/site-design/analytics-tags';
import { SiteBrand } from '../../features/site-design/components/site-brand';
import { SiteFooter } from '../../features/site-design/components/site-footer';
import { inDesignOrder, usePublicDesign } from '../../lib/public-design';
import { useSiteFavicon } from '../../features/site-design/site-favicon';
import { useSiteLanguage } from '../../features/site-design/site-language';
import { ApiError } from '../../lib/api-error';
import { getAccessToken } from '../../lib/auth';
import { useSignOut } from '../../lib/sign-out';
import { errorMessage, useOnLanguageChange, useTranslation } from '../../lib/i18n';
import { getTeamSession } from '../../lib/team-session';
import { useSiteTheme } from '../../lib/site-theme';
import { toast } from '../../lib/toast';
import type { MemberLoginPageState } from '../../features/member-auth/pages/member-login-page';
import { memberNav } from '../../lib/member-nav';
import classes from './user-layout.module.css';

/** The member area needs a signed-in member of this team; anyone else goes to the team's login. */
const userGuard: RouteGuard = async ({ params, url }) => {
  const teamId = params.teamId ?? '';
  if (getTeamSession()?.operatedTeamId === teamId && (await getAccessToken())) return null;
  return `/login/${encodeURIComponent(teamId)}?redirectPath=${encodeURIComponent(url.pathname + url.search)}`;
};

/** SPEC §2 /user/:teamId: the member area's frame (site name, member navigation, language, logout). */
function UserLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { teamId = '' } = useParams();
  const [navOpened, { toggle: toggleNav, close: closeNav }] = useDisclosure();
  const { data, error, mutate } = useMemberContext();
  useOnLanguageChange(() => void mutate());
  // SPEC §3 Design: the team's colours, theme and header item order, read once per page load.
  const { data: design } = usePublicDesign(teamId);
  useSiteTheme(design);
  useAnalyticsTags(design);
  useSiteFavicon(design?.faviconUrl);
  useSiteLanguage(design?.memberLanguage);
  const nav = inDesignOrder(
    memberNav.filter((e) => (!e.groupAnalysts || data?.analyzesGroups) && (!e.groupManagers || data?.managesGroups)),
    (e) => e.key,
    design?.headerItemOrder,
  );
  const siteName = data?.siteName ?? getTeamSession()?.siteName ?? '';
  const base = `/user/${encodeURIComponent(teamId)}`;
  const loginPath = `/login/${encodeURIComponent(teamId)}`;

  const leave = useSignOut();

  const logout = async () => {
    if (!(await leave())) return;
    toast.success(t('member:header.loggedOut'));
    navigate(loginPath);
  };

  // Signed out elsewhere, blocked (IP, account state) or expired: back to the login, saying why.
  const onRefused = useEffectEvent((code: string) => {
    void leave().then(() => {
      if (code !== 'auth/not_logged_in' && code !== 'auth/token_expired') toast.error(errorMessage(code));
      const state: MemberLoginPageState = { refused: code };
      navigate(loginPath, { replace: true, state });
    });
  });
  useEffect(() => {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) onRefused(error.code);
  }, [error]);

  return (
    <Box mih="100vh" bg={design ? 'var(--mantine-color-body)' : 'gray.0'}>
      {/* A plain frame, not AppShell: AppShell (with its scroll lock) was 13 KB gzipped of a member's first load. */}
      <Box component="header" mih={60} bg={design ? 'var(--mantine-color-body)' : 'white'} pos="sticky" top={0} style={{ zIndex: 100, borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Group mih={60} py={6} px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <Burger opened={navOpened} onClick={toggleNav} hiddenFrom="sm" size="sm" aria-label={t('member:nav.toggle')} aria-expanded={navOpened} />
            <Title order={2} size="h4" miw={0}>
              <SiteBrand siteName={siteName} logoUrl={design?.logoUrl} />
            </Title>
          </Group>
          <Group gap="sm" wrap="nowrap" style={{ flexShrink: 0 }}>
            <Box visibleFrom="sm">
              <VideoSearchForm area="user" teamId={teamId} compact />
            </Box>
            <ActionIcon component={Link} to={`${base}/videos/search`} variant="default" size="lg" hiddenFrom="sm" aria-label={t('videolist:search.open')}>
              <IconSearch size={18} aria-hidden />
            </ActionIcon>
            {data ? (
              <Text size="sm" visibleFrom="md" truncate="end" maw={280}>
                {t('member:header.signedInAs', { name: data.name })}
              </Text>
            ) : (
              <Skeleton h={14} w={120} visibleFrom="md" />
            )}
            {/* On a phone the switch is in the menu, so the site's name keeps the header's width. */}
            <Box visibleFrom="sm">
              <LanguageSwitch />
            </Box>
            <Button variant="default" size="xs" leftSection={<IconLogout size={16} aria-hidden />} onClick={logout} visibleFrom="sm">
              {t('member:header.logout')}
            </Button>
            <ActionIcon variant="default" size="lg" onClick={logout} hiddenFrom="sm" aria-label={t('member:header.logout')}>
              <IconLogout size={18} aria-hidden />
            </ActionIcon>
          </Group>
        </Group>
      </Box>
      <Box style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start' }}>
        {/* Beside the page from the sm breakpoint; on a phone, under the header while the burger has it open. */}
        <Box component="nav" aria-label={t('member:nav.label')} visibleFrom={navOpened ? undefined : 'sm'} p="sm" className={classes.nav} style={{ flexShrink: 0 }}>
          {nav.map(({ key, path, icon: Icon }) => {
            const to = path ? `${base}/${path}` : base;
            return (
              <NavLink
                key={key}
                component={Link}
                to={to}
                label={t(`member:nav.${key}`)}
                leftSection={<Icon size={18} aria-hidden />}
                active={pathname === to}
                aria-current={pathname === to ? 'page' : undefined}
                onClick={closeNav}
              />
            );
          })}
          <Box hiddenFrom="sm" px="sm" pt="sm">
            <LanguageSwitch />
          </Box>
        </Box>
        <Box component="main" p={{ base: 'md', sm: 'lg' }} miw={0} style={{ flex: '1 1 0' }}>
          <Outlet />
        </Box>
      </Box>
      {design && <SiteFooter footerLinks={design.footerLinks} socialLinks={design.socialLinks} />}
    </Box>
  );
}

export { UserLayout as Component, userGuard as guard };
