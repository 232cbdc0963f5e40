import { IconMessageCircle } from '@tabler/icons-react';
import type { AdminRouteEntry } from '../../lib/admin-route';

/** SPEC §2 member chat, the administrators' side: /admin/chat (?conversationId=, ?userId= to start one); user managers by shared/permissions.ts. */
export const adminRoutes: readonly AdminRouteEntry[] = [
  { path: 'chat', load: () => import('./pages/chat-page'), namespaces: ['chat'], nav: { key: 'chat', icon: IconMessageCircle } },
];
