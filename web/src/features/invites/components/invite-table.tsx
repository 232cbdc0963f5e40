import { ActionIcon, Badge, Group, Menu, Text } from '@mantine/core';
import { IconCopy, IconDots, IconEdit, IconHourglass, IconMail, IconTrash, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Invite } from '../../../../../shared/api/calls/invites';
import { formatDisplayDateTime } from '../../../../../shared/rules/date-display';
import { errorMessage, useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { deleteInvite, joinUrl } from '../api';
import { AdminListTable } from '../../../components/admin-list-table';
import { ConfirmDelete } from '../../../components/confirm-delete';
import { SendInviteMailModal } from './send-invite-mail-modal';
import type { AsyncAction } from '../../../lib/async-action';

interface InviteTableProps {
  invites: Invite[];
  onChanged: () => void;
}

/** SPEC §2 /admin/invite: each invitation with its use so far and what can be done with it. */
export function InviteTable({ invites, onChanged }: InviteTableProps) {
  const { t } = useTranslation();
  const [deleting, setDeleting] = useState<Invite | null>(null);
  const [mailing, setMailing] = useState<Invite | null>(null);

  const copy = async (invite: Invite) => {
    const url = joinUrl(invite);
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t('invites:list.actions.copied'));
    } catch {
      toast.error(t('invites:list.actions.copyFailed', { url }));
    }
  };

  const remove = async (invite: Invite) => {
    try {
      await deleteInvite(invite.inviteId);
      toast.success(t('invites:list.deleted'));
    } catch (e) {
      toast.error(errorMessage(e));
    }
    onChanged();
  };

  return (
    <>
      <AdminListTable
        rows={invites}
        rowKey={(invite) => invite.inviteId}
        minWidth={820}
        columns={[
          {
            key: 'title',
            header: t('invites:list.columns.title'),
            cell: (invite) => (
              <>
                <Text fw={600} size="sm">
                  {invite.title}
                </Text>
                {invite.pendingCount > 0 && (
                  <Badge
                    component={Link}
                    to={`/admin/invite/${invite.inviteId}/approval_pending_user`}
                    color="yellow"
                    variant="light"
                    mt={4}
                    style={{ cursor: 'pointer' }}
                  >
                    {t('invites:list.pending', { count: invite.pendingCount })}
                  </Badge>
                )}
              </>
            ),
          },
          {
            key: 'kind',
            header: t('invites:list.columns.kind'),
            cell: (invite) => (
              <Badge variant="light" color={invite.kind === 'admin' ? 'grape' : 'indigo'}>
                {t(`invites:kind.${invite.kind}`)}
              </Badge>
            ),
          },
          {
            key: 'registrations',
            header: t('invites:list.columns.registrations'),
            cell: (invite) =>
              invite.maxRegistrations === null
                ? t('invites:list.unlimited', { count: invite.registeredCount })
                : t('invites:list.registrations', { count: invite.registeredCount, max: invite.maxRegistrations }),
          },
          {
            key: 'deadline',
            header: t('invites:list.columns.deadline'),
            cell: (invite) => (invite.deadline ? formatDisplayDateTime(new Date(invite.deadline)) : t('invites:list.noDeadline')),
          },
          {
            key: 'approval',
            header: t('invites:list.columns.approval'),
            cell: (invite) => (invite.approvalRequired ? t('invites:list.approvalRequired') : t('invites:list.approvalNotRequired')),
          },
          { key: 'created', header: t('invites:list.columns.created'), cell: (invite) => formatDisplayDateTime(new Date(invite.createdAt)) },
          { key: 'actions', header: t('invites:list.columns.actions'), align: 'right', cell: (invite) => <InviteActions invite={invite} onCopy={copy} onMail={setMailing} onDelete={setDeleting} /> },
        ]}
      />
      <ConfirmDelete
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('invites:list.deleteConfirm.title')}
        body={t('invites:list.deleteConfirm.body', { title: deleting?.title ?? '' })}
        confirmLabel={t('invites:list.deleteConfirm.confirm')}
        cancelLabel={t('invites:list.deleteConfirm.cancel')}
        onConfirm={async () => {
          if (deleting) await remove(deleting);
          setDeleting(null);
        }}
      />
      <SendInviteMailModal invite={mailing} onClose={() => setMailing(null)} onSent={onChanged} />
    </>
  );
}

/** Copy the link, and the menu of what can be done with one invitation. */
function InviteActions({ invite, onCopy, onMail, onDelete }: { invite: Invite; onCopy: AsyncAction<[i: Invite]>; onMail: (i: Invite) => void; onDelete: (i: Invite) => void }) {
  const { t } = useTranslation();
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      <ActionIcon variant="subtle" aria-label={t('invites:list.actions.copy')} onClick={() => void onCopy(invite)}>
        <IconCopy size={18} aria-hidden />
      </ActionIcon>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" aria-label={t('invites:list.actions.menu', { title: invite.title })}>
            <IconDots size={18} aria-hidden />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item component={Link} to={`/admin/invite/${invite.inviteId}/edit`} leftSection={<IconEdit size={16} aria-hidden />}>
            {t('invites:list.actions.edit')}
          </Menu.Item>
          <Menu.Item
            component={Link}
            to={`/admin/invite/${invite.inviteId}/invited_user`}
            leftSection={<IconUsers size={16} aria-hidden />}
          >
            {t('invites:list.actions.users')}
          </Menu.Item>
          {invite.kind === 'user' && (
            <Menu.Item
              component={Link}
              to={`/admin/invite/${invite.inviteId}/approval_pending_user`}
              leftSection={<IconHourglass size={16} aria-hidden />}
            >
              {t('invites:list.actions.pending')}
            </Menu.Item>
          )}
          <Menu.Item leftSection={<IconMail size={16} aria-hidden />} onClick={() => onMail(invite)}>
            {t('invites:list.actions.mail')}
          </Menu.Item>
          <Menu.Divider />
          <Menu.Item color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => onDelete(invite)}>
            {t('invites:list.actions.delete')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
