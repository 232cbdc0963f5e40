import { Anchor, Badge, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { CustomMailTemplate } from '../../../../../shared/api/calls/mail-templates';
import { AdminListHeader } from '../../../components/admin-list-search';
import { AdminListTable } from '../../../components/admin-list-table';
import { CursorPager, useCursorPages } from '../../../components/cursor-pager';
import { useRowDelete } from '../../../components/row-delete';
import { deleteCustomMail, useCustomMailList } from '../api';
import { formatDateTime } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';

/** SPEC §2 /admin/custom_mail_template: the team's custom auto mails, newest first. */
function CustomMailTemplateListPage() {
  const { t } = useTranslation();
  const pages = useCursorPages();
  const { data, error, mutate } = useCustomMailList(pages.cursor);
  const rowDelete = useRowDelete<CustomMailTemplate>({
    ns: 'mailtemplates',
    name: (m) => m.title,
    body: t('mailtemplates:delete.body'),
    remove: (m) => deleteCustomMail(m.customMailTemplateId),
    onDeleted: () => mutate(),
  });

  return (
    <Stack gap="lg" maw={1100}>
      <AdminListHeader title={t('mailtemplates:customList.title')} createLabel={t('mailtemplates:customList.create')} createTo="/admin/custom_mail_template/create" />
      <AdminListTable
        rows={data?.items}
        rowKey={(m) => m.customMailTemplateId}
        error={error}
        loadErrorTitle={t('mailtemplates:customList.loadError')}
        onRetry={() => void mutate()}
        emptyText={t('mailtemplates:customList.empty')}
        minWidth={720}
        columns={[
          {
            key: 'title',
            header: t('mailtemplates:fields.title'),
            cell: (m) => (
              <>
                <Anchor component={Link} to={`/admin/custom_mail_template/${m.customMailTemplateId}/edit`} fw={500}>
                  {m.title}
                </Anchor>
                <Text size="xs" c="dimmed" lineClamp={1}>
                  {m.subject}
                </Text>
              </>
            ),
          },
          { key: 'event', header: t('mailtemplates:fields.eventType'), cell: (m) => t(`mailtemplates:events.${m.eventType}`) },
          { key: 'objects', header: t('mailtemplates:fields.objects'), cell: (m) => t('mailtemplates:customList.objectCount', { count: m.objectIds.length }) },
          {
            key: 'status',
            header: t('mailtemplates:fields.status'),
            cell: (m) => (
              <Badge variant="light" color={m.enabled ? 'green' : 'gray'} tt="none">
                {t(m.enabled ? 'mailtemplates:status.on' : 'mailtemplates:status.off')}
              </Badge>
            ),
          },
          { key: 'updatedAt', header: t('mailtemplates:fields.updatedAt'), cell: (m) => formatDateTime(m.updatedAt) },
          rowDelete.column,
        ]}
      />
      <CursorPager pages={pages} nextCursor={data?.nextCursor} />
      {rowDelete.confirm}
    </Stack>
  );
}

export { CustomMailTemplateListPage as Component };
