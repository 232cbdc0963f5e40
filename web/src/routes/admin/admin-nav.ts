import { IconLayoutDashboard, type Icon } from '@tabler/icons-react';
import type { NavAccess } from './nav-access';

export interface AdminNavEntry extends NavAccess {
  /** Label key under `admin:nav.` */
  key: string;
  path: string;
  icon: Icon;
}

/** The admin menu (SPEC §2 admin areas that exist); each new area adds its entry here. */
export const adminNav: readonly AdminNavEntry[] = [{ key: 'dashboard', path: '/admin/dashboard', icon: IconLayoutDashboard }];
