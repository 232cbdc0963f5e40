import type { ReactElement } from 'react';
import type { RouteObject } from 'react-router';
import type { RouteModule } from '../../components/lazy-route';
import { adminRoutes as administrators } from '../../features/administrators/admin-routes';
import { adminRoutes as analytics } from '../../features/analytics/admin-routes';
import { adminRoutes as chat } from '../../features/chat/admin-routes';
import { adminRoutes as comments } from '../../features/comments/admin-routes';
import { adminRoutes as contents } from '../../features/contents/admin-routes';
import { adminRoutes as customFields } from '../../features/custom-fields/admin-routes';
import { adminRoutes as enquete } from '../../features/enquete/admin-routes';
import { adminRoutes as dashboard } from '../../features/dashboard/admin-routes';
import { adminRoutes as groups } from '../../features/groups/admin-routes';
import { adminRoutes as invites } from '../../features/invites/admin-routes';
import { adminRoutes as managers } from '../../features/managers/admin-routes';
import { adminRoutes as mailTemplates } from '../../features/mail-templates/admin-routes';
import { adminRoutes as news } from '../../features/news/admin-routes';
import { adminRoutes as notices } from '../../features/notices/admin-routes';
import { adminRoutes as paymentsAdmin } from '../../features/payments-admin/admin-routes';
import { adminRoutes as plans } from '../../features/plans/admin-routes';
import { adminRoutes as profile } from '../../features/profile/admin-routes';
import { adminRoutes as sendEmail } from '../../features/send-email/admin-routes';
import { adminRoutes as securitySettings } from '../../features/security-settings/admin-routes';
import { adminRoutes as siteDesign } from '../../features/site-design/admin-routes';
import { adminRoutes as appSettings } from '../../features/app-settings/admin-routes';
import { adminRoutes as taxonomy } from '../../features/taxonomy/admin-routes';
import { adminRoutes as tests } from '../../features/tests/admin-routes';
import { adminRoutes as users } from '../../features/users/admin-routes';
import { adminRoutes as videos } from '../../features/videos/admin-routes';
import { adminRoutes as workflows } from '../../features/workflows/admin-routes';
import type { AdminRouteEntry } from '../../lib/admin-route';

/** Every admin feature's pages, in menu order: the router and the admin menu both read this list. */
export const adminRouteEntries: readonly AdminRouteEntry[] = [
  ...dashboard,
  ...users,
  ...groups,
  ...managers,
  ...news,
  ...sendEmail,
  ...mailTemplates,
  ...workflows,
  ...chat,
  ...invites,
  ...customFields,
  ...securitySettings,
  ...siteDesign,
  ...appSettings,
  ...administrators,
  ...videos,
  ...contents,
  ...comments,
  ...analytics,
  ...enquete,
  ...tests,
  ...notices,
  ...taxonomy,
  ...paymentsAdmin,
  ...plans,
  ...profile,
];

/** The admin menu: the entries that carry one. */
export const adminNav = adminRouteEntries.flatMap((e) => (e.nav ? [{ ...e.nav, path: `/admin/${e.path}` }] : []));

/** Route objects for react-router, each page lazy with its strings. */
export const adminRouteObjects = (page: (load: () => Promise<RouteModule>, ...namespaces: string[]) => ReactElement): RouteObject[] =>
  adminRouteEntries.map((e) => ({ path: e.path, element: page(e.load, ...e.namespaces) }));
