import { Anchor, Badge, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n';
import { Link } from 'react-router';
import type { AdminLogEntry } from '../../../../../shared/api/calls/administrators';
import { AdminListTable } from '../../../components/admin-list-table';
import { CursorPager, useCursorPages } from '../../../components/cursor-pager';
import { useAdminLog } from '../api';
import { formatDateTime } from '../../../lib/format';


/** SPEC §2 /admin/general_setting/administrator/log: who changed which administrator, how, and when. */
function AdministratorLogPage() {
  const { t } = useTranslation();
  const pages = useCursorPages();
  const { data, error, mutate } = useAdminLog(pages.cursor);
  const permissions = (p?: AdminLogEntry['before']) =>
    !p ? '' : p.level === 'super' ? t('administrators:levels.super') : p.categories.map((c) => t(`administrators:categories.${c}`)).join(', ') || t('administrators:log.none');

  return (
    <Stack gap="lg" maw={1100}>
      <Anchor component={Link} to="/admin/general_setting/administrator" size="sm">
        {t('administrators:log.back')}
      </Anchor>
      <Title order={1} size="h2">
        {t('administrators:log.title')}
      </Title>
      <AdminListTable
        rows={data?.items}
        rowKey={(e) => e.logId}
        error={error}
        loadErrorTitle={t('administrators:log.loadError')}
        onRetry={() => void mutate()}
        emptyText={t('administrators:log.empty')}
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
      <CursorPager pages={pages} nextCursor={data?.nextCursor} />
    </Stack>
  );
}

export { AdministratorLogPage as Component };
