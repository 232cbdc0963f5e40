import { IconMessageCircle } from '@tabler/icons-react';
import type { AdminRouteEntry } from '../../routes/admin/admin-route';

/** SPEC §2 member chat, the administrators' side: /admin/chat (?conversationId=, ?userId= to start one); user managers by shared/permissions.ts. */
export const adminRoutes: readonly AdminRouteEntry[] = [
  { path: 'chat', load: () => import('../../routes/admin/chat-page'), namespaces: ['chat'], nav: { key: 'chat', icon: IconMessageCircle } },
];
