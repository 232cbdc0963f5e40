import { IconLayoutDashboard, IconUsers, IconUsersGroup, IconShieldLock, IconUserCircle, IconSettings, IconForms, IconHourglass, IconMailForward, IconUserPlus, IconMovie, IconCategory, IconTags, IconUserStar, type Icon } from '@tabler/icons-react';
import type { NavAccess } from './nav-access';

export interface AdminNavEntry extends NavAccess {
  /** Label key under `admin:nav.` */
  key: string;
  path: string;
  icon: Icon;
}

/** The admin menu (SPEC §2 admin areas that exist); each new area adds its entry here. */
export const adminNav: readonly AdminNavEntry[] = [
  { key: 'dashboard', path: '/admin/dashboard', icon: IconLayoutDashboard },
  { key: 'users', path: '/admin/user', icon: IconUsers, categories: ['userManager'] },
  { key: 'groups', path: '/admin/group', icon: IconUsersGroup, categories: ['userManager'] },
  { key: 'invite', path: '/admin/invite', icon: IconUserPlus, categories: ['userManager'] },
  { key: 'approvalPendingAllUsers', path: '/admin/approval_pending_all_users', icon: IconHourglass, categories: ['userManager'] },
  { key: 'inviteEmailLog', path: '/admin/invite_email_log', icon: IconMailForward, categories: ['userManager'] },
  { key: 'fieldCustomize', path: '/admin/general_setting/field_customize', icon: IconForms, categories: ['siteManager'] },
  { key: 'basicInfo', path: '/admin/general_setting/basic_info', icon: IconSettings, categories: ['siteManager'] },
  { key: 'administrators', path: '/admin/general_setting/administrator', icon: IconShieldLock, categories: ['siteManager'] },
  { key: 'videos', path: '/admin/video', icon: IconMovie, categories: ['contentsManager'] },
  { key: 'categories', path: '/admin/category', icon: IconCategory, categories: ['contentsManager'] },
  { key: 'tags', path: '/admin/tag', icon: IconTags, categories: ['contentsManager'] },
  { key: 'creators', path: '/admin/creator', icon: IconUserStar, categories: ['contentsManager'] },
  { key: 'profile', path: '/admin/setting/profile', icon: IconUserCircle },
];
