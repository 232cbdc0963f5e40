import { Tabs } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from '../../../lib/i18n';

const pages = ['total', 'videos', 'users', 'user_count'] as const;

/** The team-wide analytics pages, keeping the chosen period when moving between them. */
export function AnalyticsNav() {
  const { t } = useTranslation('analytics');
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const current = pages.find((p) => pathname.endsWith(`/analytics/${p}`)) ?? null;
  return (
    <Tabs value={current} onChange={(v) => v && void navigate(`/admin/analytics/${v}${search}`)}>
      <Tabs.List>
        {pages.map((p) => (
          <Tabs.Tab key={p} value={p}>
            {t(`pages.${p}.tab`)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}
