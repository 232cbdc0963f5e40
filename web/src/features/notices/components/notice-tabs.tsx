import { Tabs } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useAdminContext } from '../../../lib/admin-context';
import { useTranslation } from '../../../lib/i18n';
import { pathRefusal } from '../../../lib/nav-access';

const tabs = [
  { value: 'feedback', path: '/admin/notification' },
  { value: 'members', path: '/admin/notification/members' },
] as const;

/**
 * The notification pages as tabs: members' feedback (analysts) and members' comings and goings (user and paying
 * managers). Each tab shows only to whoever may open its page; with one page allowed, no tabs at all.
 */
export function NoticeTabs({ current }: { current: (typeof tabs)[number]['value'] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data } = useAdminContext();
  if (!data) return null;
  const access = { level: data.admin.level, categories: data.admin.categories, plan: data.team.plan };
  const open = tabs.filter((tab) => pathRefusal(tab.path, access) === undefined);
  if (open.length < 2) return null;
  return (
    <Tabs value={current} onChange={(v) => v && v !== current && void navigate(tabs.find((tab) => tab.value === v)!.path)}>
      <Tabs.List>
        {open.map((tab) => (
          <Tabs.Tab key={tab.value} value={tab.value}>
            {t(`notices:tabs.${tab.value}`)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}
