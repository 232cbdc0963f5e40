import { IconLayoutDashboard, IconUsers, IconUsersGroup, IconShieldLock, IconUserCircle, IconSettings, IconForms, IconHourglass, IconMailForward, IconUserPlus, IconMovie, IconCategory, IconTags, IconUserStar, type Icon } from '@tabler/icons-react';
/** Who sees an entry comes from shared/permissions.ts by its path (`adminPathPermission`). */
export interface AdminNavEntry {
  /** Label key under `admin:nav.` */
  key: string;
  path: string;
  icon: Icon;
}

/** The admin menu (SPEC §2 admin areas that exist); each new area adds its entry here. */
export const adminNav: readonly AdminNavEntry[] = [
  { key: 'dashboard', path: '/admin/dashboard', icon: IconLayoutDashboard },
  { key: 'users', path: '/admin/user', icon: IconUsers },
  { key: 'groups', path: '/admin/group', icon: IconUsersGroup },
  { key: 'invite', path: '/admin/invite', icon: IconUserPlus },
  { key: 'approvalPendingAllUsers', path: '/admin/approval_pending_all_users', icon: IconHourglass },
  { key: 'inviteEmailLog', path: '/admin/invite_email_log', icon: IconMailForward },
  { key: 'fieldCustomize', path: '/admin/general_setting/field_customize', icon: IconForms },
  { key: 'basicInfo', path: '/admin/general_setting/basic_info', icon: IconSettings },
  { key: 'administrators', path: '/admin/general_setting/administrator', icon: IconShieldLock },
  { key: 'videos', path: '/admin/video', icon: IconMovie },
  { key: 'categories', path: '/admin/category', icon: IconCategory },
  { key: 'tags', path: '/admin/tag', icon: IconTags },
  { key: 'creators', path: '/admin/creator', icon: IconUserStar },
  { key: 'profile', path: '/admin/setting/profile', icon: IconUserCircle },
];
