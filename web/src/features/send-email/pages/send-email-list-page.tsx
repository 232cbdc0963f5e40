import { Anchor, Badge, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { AdminListPage } from '../../../components/admin-page/admin-list-page';
import { useCursorPages } from '../../../components/cursor-pager';
import { deleteSendEmail, useMailGroups, useSendEmailList } from '../api';
import { SendProgress } from '../components/send-progress';
import { formatDateTime } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { TitleCell } from '../../../components/title-cell';

const statusColor = { scheduled: 'blue', sending: 'yellow', sent: 'teal' } as const;

/** SPEC §2 /admin/send_email: the team's mails, newest first, with their state (SPEC §4) and progress. */
function SendEmailListPage() {
  const { t } = useTranslation();
  const pages = useCursorPages();
  const groups = useMailGroups();
  const groupName = (id: string) => groups.data?.groups.find((g) => g.groupId === id)?.name ?? t('sendemail:list.unknownGroup');
  return (
    <AdminListPage
      text="sendemail:list"
      createTo="/admin/send_email/create"
      maw={1200}
      list={useSendEmailList(pages.cursor)}
      pages={pages}
      rowDelete={{
        name: (m) => m.title,
        remove: (m) => deleteSendEmail(m.sendEmailId),
        // Only a mail still waiting for its hour can be cancelled; a sent one is the record of what went out.
        disabled: (m) => m.status !== 'scheduled',
      }}
      rowKey={(m) => m.sendEmailId}
      minWidth={860}
      columns={[
        {
          key: 'title',
          header: t('sendemail:fields.title'),
          cell: (m) => (
            <TitleCell to={`/admin/send_email/${m.sendEmailId}/edit`} title={m.title} detail={m.subject} lines={1} />
          ),
        },
        {
          key: 'recipients',
          header: t('sendemail:fields.recipients'),
          cell: (m) =>
            m.recipients.target === 'individual' ? (
              <Text size="sm">{t('sendemail:list.individual', { count: m.recipients.userIds.length })}</Text>
            ) : (
              <Group gap={4}>
                {m.recipients.groupIds.map((id) => (
                  <Badge key={id} variant="light" tt="none">
                    {groupName(id)}
                  </Badge>
                ))}
              </Group>
            ),
        },
        {
          key: 'status',
          header: t('sendemail:fields.status'),
          cell: (m) => (
            <Badge variant="light" color={statusColor[m.status]}>
              {t(`sendemail:status.${m.status}`)}
            </Badge>
          ),
        },
        { key: 'progress', header: t('sendemail:list.delivery'), cell: (m) => <SendProgress mail={m} /> },
        {
          key: 'log',
          header: '',
          cell: (m) =>
            m.status === 'scheduled' ? null : (
              <Anchor component={Link} to={`/admin/send_email/${m.sendEmailId}/log`} size="sm">
                {t('sendemail:list.log')}
              </Anchor>
            ),
        },
        { key: 'createdAt', header: t('sendemail:fields.createdAt'), cell: (m) => formatDateTime(m.createdAt) },
      ]}
    />
  );
}

export { SendEmailListPage as Component };
