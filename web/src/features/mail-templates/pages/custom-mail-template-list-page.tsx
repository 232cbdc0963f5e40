import { Badge } from '@mantine/core';
import { AdminListPage } from '../../../components/admin-page/admin-list-page';
import { useCursorPages } from '../../../components/cursor-pager';
import { deleteCustomMail, useCustomMailList } from '../api';
import { formatDateTime } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { TitleCell } from '../../../components/title-cell';

/** SPEC §2 /admin/custom_mail_template: the team's custom auto mails, newest first. */
function CustomMailTemplateListPage() {
  const { t } = useTranslation();
  const pages = useCursorPages();
  return (
    <AdminListPage
      text="mailtemplates:customList"
      createTo="/admin/custom_mail_template/create"
      list={useCustomMailList(pages.cursor)}
      pages={pages}
      rowDelete={{ name: (m) => m.title, remove: (m) => deleteCustomMail(m.customMailTemplateId) }}
      rowKey={(m) => m.customMailTemplateId}
      minWidth={720}
      columns={[
        {
          key: 'title',
          header: t('mailtemplates:fields.title'),
          cell: (m) => (
            <TitleCell to={`/admin/custom_mail_template/${m.customMailTemplateId}/edit`} title={m.title} detail={m.subject} lines={1} />
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
      ]}
    />
  );
}

export { CustomMailTemplateListPage as Component };
