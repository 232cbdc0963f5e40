import {
  IconArticle,
  IconBell,
  IconBookmark,
  IconBroadcast,
  IconCalendar,
  IconCalendarEvent,
  IconCategory,
  IconChartBar,
  IconClock,
  IconFileTypePdf,
  IconFlame,
  IconHistory,
  IconHome,
  IconMessageCircle,
  IconMovie,
  IconPlaylist,
  IconReceipt,
  IconSettings,
  IconShoppingBag,
  IconSpeakerphone,
  IconTags,
  IconUsers,
  IconUsersGroup,
  type Icon,
} from '@tabler/icons-react';

export interface MemberNavEntry {
  /** Label key under `member:nav.` */
  key: string;
  /** Path under /user/:teamId ('' = the home). */
  path: string;
  icon: Icon;
  /** Shown only to group managers with the analyst permission. */
  groupAnalysts?: true;
  /** Shown only to group managers with a permission on members (create, read, edit, delete). */
  groupManagers?: true;
}

/**
 * The member navigation (SPEC §2 member area: news, chat, videos, pdfs, lives, playlists, events, bookmark,
 * watchLater, purchased, view_log, schedule, setting): only screens that exist are listed; each
 * area adds its entry here when it lands.
 */
export const memberNav: readonly MemberNavEntry[] = [
  { key: 'home', path: '', icon: IconHome },
  { key: 'news', path: 'news', icon: IconSpeakerphone },
  { key: 'notifications', path: 'notification', icon: IconBell },
  { key: 'chat', path: 'chat', icon: IconMessageCircle },
  { key: 'newer', path: 'videos/newer', icon: IconMovie },
  { key: 'popular', path: 'videos/popular', icon: IconFlame },
  { key: 'categories', path: 'videos/categories', icon: IconCategory },
  { key: 'tags', path: 'videos/tags', icon: IconTags },
  { key: 'creators', path: 'videos/creators', icon: IconUsers },
  { key: 'pdfs', path: 'pdfs/newer', icon: IconFileTypePdf },
  { key: 'articles', path: 'articles/newer', icon: IconArticle },
  { key: 'playlists', path: 'playlists/newer', icon: IconPlaylist },
  { key: 'lives', path: 'lives/newer', icon: IconBroadcast },
  { key: 'events', path: 'events/newer', icon: IconCalendarEvent },
  { key: 'bookmark', path: 'bookmark', icon: IconBookmark },
  { key: 'watchLater', path: 'watchLater', icon: IconClock },
  { key: 'viewLog', path: 'view_log', icon: IconHistory },
  { key: 'schedule', path: 'schedule', icon: IconCalendar },
  { key: 'purchased', path: 'purchased', icon: IconShoppingBag },
  { key: 'paidHistory', path: 'setting/paid_history', icon: IconReceipt },
  { key: 'setting', path: 'setting', icon: IconSettings },
  { key: 'groupAnalytics', path: 'group_analytics', icon: IconChartBar, groupAnalysts: true },
  { key: 'groupManage', path: 'group_manage', icon: IconUsersGroup, groupManagers: true },
];
