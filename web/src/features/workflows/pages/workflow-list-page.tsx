import { Anchor, Stack, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Workflow } from '../../../../../shared/api/calls/workflows';
import { AdminListHeader } from '../../../components/admin-list-search';
import { AdminListTable } from '../../../components/admin-list-table';
import { CursorPager, useCursorPages } from '../../../components/cursor-pager';
import { useRowDelete } from '../../../components/row-delete';
import { deleteWorkflow, setWorkflowEnabled, useWorkflowList } from '../api';
import { errorMessage, useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';

/** SPEC §2 /admin/workflow: the team's workflows, newest first, each with its switch. */
function WorkflowListPage() {
  const { t } = useTranslation();
  const pages = useCursorPages();
  const { data, error, mutate } = useWorkflowList(pages.cursor);
  const [switching, setSwitching] = useState<string>();
  const rowDelete = useRowDelete<Workflow>({
    ns: 'workflows',
    name: (w) => w.title,
    body: t('workflows:delete.body'),
    remove: (w) => deleteWorkflow(w.workflowId),
    onDeleted: () => mutate(),
  });

  const toggle = async (w: Workflow, enabled: boolean) => {
    setSwitching(w.workflowId);
    try {
      await setWorkflowEnabled(w.workflowId, enabled);
      toast.success(t(enabled ? 'workflows:list.enabledDone' : 'workflows:list.disabledDone', { title: w.title }));
      await mutate();
    } catch (e) {
      toast.error(errorMessage(e));
    } finally {
      setSwitching(undefined);
    }
  };

  return (
    <Stack gap="lg" maw={1100}>
      <AdminListHeader title={t('workflows:list.title')} createLabel={t('workflows:list.create')} createTo="/admin/workflow/create" />
      <Text size="sm" c="dimmed">
        {t('workflows:list.lead')}
      </Text>
      <AdminListTable
        rows={data?.items}
        rowKey={(w) => w.workflowId}
        error={error}
        loadErrorTitle={t('workflows:list.loadError')}
        onRetry={() => void mutate()}
        emptyText={t('workflows:list.empty')}
        minWidth={680}
        columns={[
          {
            key: 'title',
            header: t('workflows:fields.title'),
            cell: (w) => (
              <Anchor component={Link} to={`/admin/workflow/${w.workflowId}/edit`} fw={500}>
                {w.title}
              </Anchor>
            ),
          },
          { key: 'event', header: t('workflows:fields.eventType'), cell: (w) => t(`workflows:events.${w.eventType}`) },
          {
            key: 'wait',
            header: t('workflows:fields.waitDays'),
            cell: (w) => (w.waitDays === 0 ? t('workflows:list.noWait') : t('workflows:list.waitDays', { count: w.waitDays })),
          },
          {
            key: 'enabled',
            header: t('workflows:fields.enabled'),
            cell: (w) => (
              <Switch
                checked={w.enabled}
                disabled={switching === w.workflowId}
                onChange={(e) => void toggle(w, e.currentTarget.checked)}
                aria-label={t('workflows:list.switchLabel', { title: w.title })}
              />
            ),
          },
          rowDelete.column,
        ]}
      />
      <CursorPager pages={pages} nextCursor={data?.nextCursor} />
      {rowDelete.confirm}
    </Stack>
  );
}

export { WorkflowListPage as Component };
