import { Badge, Group, Stack } from '@mantine/core';
import type { AutoMailTemplate } from '../../../../../shared/api/calls/mail-templates';
import { autoMailEvents, languages, type AutoMailEvent } from '../../../../../shared/constants';
import { AdminListTable } from '../../../components/admin-list-table';
import { useAutoMailList } from '../api';
import { useTranslation } from '../../../lib/i18n';
import { PageHeading } from '../../../components/page-heading';
import { TitleCell } from '../../../components/title-cell';

/** SPEC §2 /admin/mail_template: the four auto mails, each with its status in both languages. */
function MailTemplateListPage() {
  const { t } = useTranslation();
  const { data, error, mutate } = useAutoMailList();
  const rows = data && autoMailEvents.map((event) => ({ event, templates: data.items.filter((i) => i.event === event) }));

  const status = (template: AutoMailTemplate | undefined) =>
    template && (
      <Group gap={4} wrap="nowrap">
        <Badge variant="light" color={template.enabled ? 'green' : 'gray'} tt="none">
          {t(template.enabled ? 'mailtemplates:status.on' : 'mailtemplates:status.off')}
        </Badge>
        {template.edited && (
          <Badge variant="outline" color="blue" tt="none">
            {t('mailtemplates:status.edited')}
          </Badge>
        )}
      </Group>
    );

  return (
    <Stack gap="lg" maw={1100}>
      <PageHeading title={t('mailtemplates:list.title')} description={t('mailtemplates:list.help')} />
      <AdminListTable<{ event: AutoMailEvent; templates: AutoMailTemplate[] }>
        rows={rows}
        rowKey={(r) => r.event}
        error={error}
        loadErrorTitle={t('mailtemplates:list.loadError')}
        onRetry={() => void mutate()}
        minWidth={560}
        columns={[
          {
            key: 'event',
            header: t('mailtemplates:fields.event'),
            cell: (r) => (
              <TitleCell to={`/admin/mail_template/${r.event}/edit`} title={t(`mailtemplates:events.${r.event}`)} detail={t(`mailtemplates:eventHelp.${r.event}`)} lines={2} />
            ),
          },
          ...languages.map((l) => ({
            key: l,
            header: t(`mailtemplates:languages.${l}`),
            cell: (r: { templates: AutoMailTemplate[] }) => status(r.templates.find((x) => x.language === l)),
          })),
        ]}
      />
    </Stack>
  );
}

export { MailTemplateListPage as Component };
