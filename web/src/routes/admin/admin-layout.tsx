import { ActionIcon, Anchor, AppShell, Box, Burger, Button, Group, ScrollArea, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLogout } from '@tabler/icons-react';
import { useEffect, useEffectEvent } from 'react';
import { useOnLanguageChange, useTranslation } from '../../lib/i18n';
import { Link, Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { adminPageOpenWhenGated, entryPath } from '../../../../shared/plans';
import { LanguageSwitch } from '../../components/language-switch';
import { SiteBrand } from '../../features/site-design/components/site-brand';
import { useAdminContext } from '../../lib/admin-context';
import { ApiError } from '../../lib/api-error';
import { getAccessToken } from '../../lib/auth';
import { useSignOut } from '../../lib/sign-out';
import { getTeamSession } from '../../lib/team-session';
import { toast } from '../../lib/toast';
import { adminNav } from './admin-routes';
import { AdminMenu } from './admin-menu-nav';
import { NoAuthority } from '../../components/no-authority';
import { PageLoader } from '../../components/page-loader';
import type { RouteGuard } from '../../components/lazy-route';
import { pathRefusal, visibleEntries, type AdminAccess } from '../../lib/nav-access';

/** The admin area needs a signed-in administrator with a chosen team; anyone else goes to /login. */
const adminGuard: RouteGuard = async () => (!getTeamSession() || !(await getAccessToken()) ? '/login' : null);

function AdminLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [navOpened, { toggle: toggleNav, close: closeNav }] = useDisclosure();
  const { data, error, mutate } = useAdminContext();
  useOnLanguageChange(() => void mutate());
  // Known at once from /logged_in, so the header is never empty while the context loads.
  const siteName = data?.team.siteName ?? getTeamSession()?.siteName ?? '';
  const access: AdminAccess | undefined = data && { level: data.admin.level, categories: data.admin.categories, plan: data.team.plan };
  // The page is guarded by the same permission table the server enforces: one it may not use is never mounted.
  const refused = access && pathRefusal(pathname, access);

  const leave = useSignOut();

  const logout = async () => {
    if (!(await leave())) return;
    toast.success(t('admin:header.loggedOut'));
    navigate('/login');
  };

  // An expired or revoked session cannot be repaired here: sign in again.
  const onSessionLost = useEffectEvent(() => {
    void leave().then(() => navigate('/login', { replace: true }));
  });
  useEffect(() => {
    if (error instanceof ApiError && error.status === 401) onSessionLost();
  }, [error]);

  // SPEC §2 /entry: a shut team's administrators may open only billing, subscription and their profile.
  const gate = data?.team.gate;
  if (gate && !adminPageOpenWhenGated(pathname)) return <Navigate to={entryPath(gate, { admin: true })} replace />;

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
      padding={{ base: 'md', sm: 'lg' }}
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <Burger
              opened={navOpened}
              onClick={toggleNav}
              hiddenFrom="sm"
              size="sm"
              aria-label={t('admin:nav.toggle')}
            />
            <Title order={2} size="h4" miw={0}>
              <SiteBrand siteName={siteName} />
            </Title>
          </Group>
          <Group gap="sm" wrap="nowrap" style={{ flexShrink: 0 }}>
            {data ? (
              <Text size="sm" visibleFrom="md" truncate="end" maw={280}>
                {t('admin:header.signedInAs', { name: data.admin.name })}
              </Text>
            ) : (
              <Skeleton h={14} w={120} visibleFrom="md" />
            )}
            {/* SPEC §2 /admin/item_select: another site this account administers (offered only to those with several). */}
            {(getTeamSession()?.siteCount ?? 1) > 1 && (
              <Anchor component={Link} to="/admin/item_select" size="sm" visibleFrom="md">
                {t('admin:header.switchSite')}
              </Anchor>
            )}
            {/* On a phone the switch is in the menu, so the site's name keeps the header's width. */}
            <Box visibleFrom="sm">
              <LanguageSwitch />
            </Box>
            <Button
              variant="default"
              size="xs"
              leftSection={<IconLogout size={16} aria-hidden />}
              onClick={logout}
              visibleFrom="sm"
            >
              {t('admin:header.logout')}
            </Button>
            {/* Phones get the icon alone so the site name keeps its room. */}
            <ActionIcon variant="default" size="lg" onClick={logout} hiddenFrom="sm" aria-label={t('admin:header.logout')}>
              <IconLogout size={18} aria-hidden />
            </ActionIcon>
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="sm" aria-label={t('admin:nav.label')}>
        {/* Sections keep the menu short; on a short screen it still scrolls rather than cutting the last ones off. */}
        <AppShell.Section grow component={ScrollArea} type="auto">
          {data ? (
            // Only the entries this administrator's categories and plan allow; sections left empty are not shown.
            <AdminMenu entries={visibleEntries(adminNav, access!)} onNavigate={closeNav} />
          ) : error ? null : (
            <Stack gap="xs">
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} h={32} />
              ))}
            </Stack>
          )}
        </AppShell.Section>
        <AppShell.Section hiddenFrom="sm" pt="sm">
          <LanguageSwitch />
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main bg="gray.0">
        {refused ? <NoAuthority reason={refused} /> : data || error ? <Outlet /> : <PageLoader />}
      </AppShell.Main>
    </AppShell>
  );
}

export { AdminLayout as Component, adminGuard as guard };
