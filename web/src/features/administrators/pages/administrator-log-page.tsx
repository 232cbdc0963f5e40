import { Badge, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n';
import type { AdminLogEntry } from '../../../../../shared/api/calls/administrators';
import { AdminListPage } from '../../../components/admin-page/admin-list-page';
import { useCursorPages } from '../../../components/cursor-pager';
import { useAdminLog } from '../api';
import { formatDateTime } from '../../../lib/format';


/** SPEC §2 /admin/general_setting/administrator/log: who changed which administrator, how, and when. */
function AdministratorLogPage() {
  const { t } = useTranslation();
  const pages = useCursorPages();
  const permissions = (p?: AdminLogEntry['before']) =>
    !p ? '' : p.level === 'super' ? t('administrators:levels.super') : p.categories.map((c) => t(`administrators:categories.${c}`)).join(', ') || t('administrators:log.none');

  return (
    <AdminListPage
      text="administrators:log"
      back={{ to: '/admin/general_setting/administrator', label: t('administrators:log.back') }}
      list={useAdminLog(pages.cursor)}
      pages={pages}
      rowKey={(e) => e.logId}
      minWidth={760}
      columns={[
        { key: 'at', header: t('administrators:log.at'), cell: (e) => formatDateTime(e.at) },
        { key: 'actor', header: t('administrators:log.actor'), cell: (e) => e.actor.name },
        {
          key: 'target',
          header: t('administrators:log.target'),
          cell: (e) => (
            <>
              {e.target.name}
              <Text size="xs" c="dimmed">
                {e.target.email}
              </Text>
            </>
          ),
        },
        {
          key: 'action',
          header: t('administrators:log.action'),
          cell: (e) => (
            <Badge variant="light" color={e.action === 'deleted' ? 'red' : 'blue'}>
              {t(`administrators:log.actions.${e.action}`)}
            </Badge>
          ),
        },
        {
          key: 'change',
          header: t('administrators:log.change'),
          cell: (e) => (
            <Text size="sm">
              {permissions(e.before)}
              {e.after ? ` → ${permissions(e.after)}` : ''}
            </Text>
          ),
        },
      ]}
    />
  );
}

export { AdministratorLogPage as Component };
