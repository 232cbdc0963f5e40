import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconCheck, IconChecks, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useSWRConfig } from 'swr';
import type { InvitedUser } from '../../../../../shared/api/calls/invites';
import { AdminListTable, type AdminListColumn } from '../../../components/admin-list-table';
import { formatDisplayDateTime } from '../../../../../shared/rules/date-display';
import { errorMessage, useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { approveUsers, isInviteKey, rejectUsers, useInvitedUsers } from '../api';
import { ConfirmDialog } from './confirm-dialog';

const approvalColor = { pending: 'yellow', approved: 'teal', rejected: 'red' } as const;

interface InvitedUsersProps {
  /** One invitation's users; omitted = the whole team's approval queue. */
  inviteId?: string;
  pendingOnly: boolean;
}

/**
 * SPEC §2 …/invited_user, …/approval_pending_user and /admin/approval_pending_all_users: the people who
 * registered, and for those awaiting approval a decision one by one, for a selection, or for all at once.
 */
export function InvitedUsers({ inviteId, pendingOnly }: InvitedUsersProps) {
  const { t } = useTranslation();
  const { mutate: mutateAll } = useSWRConfig();
  const { data, error, size, setSize, isValidating, mutate } = useInvitedUsers(inviteId, pendingOnly);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState<{ reject: string[] } | 'approveAll' | null>(null);

  const users: InvitedUser[] = data?.flatMap((page) => page.items) ?? [];
  const hasMore = Boolean(data?.[data.length - 1]?.nextCursor);
  const decidable = users.filter((u) => u.approval === 'pending');

  const refresh = async () => {
    setSelected(new Set());
    await Promise.all([mutate(), mutateAll(isInviteKey)]);
  };

  const decide = async (decision: 'approve' | 'reject', selection: { userIds: string[] } | { all: true; inviteId?: string }) => {
    setBusy(true);
    try {
      const { decided } = await (decision === 'approve' ? approveUsers(selection) : rejectUsers(selection));
      if (decided === 0) toast.error(t('invites:users.nothingDecided'));
      else toast.success(t(decision === 'approve' ? 'invites:users.approved' : 'invites:users.rejected', { count: decided }));
    } catch (e) {
      toast.error(errorMessage(e));
    } finally {
      setBusy(false);
      await refresh();
    }
  };

  const confirmReject = (userIds: string[]) => setAsking({ reject: userIds });
  const confirmApproveAll = () => setAsking('approveAll');

  if (error || !data) {
    return <AdminListTable rows={undefined} rowKey={(u: InvitedUser) => u.userId} columns={[]} error={error} loadErrorTitle={t('invites:users.loadError')} onRetry={() => void mutate()} />;
  }

  const chosen = [...selected];
  const columns: AdminListColumn<InvitedUser>[] = [
    { key: 'name', header: t('invites:users.columns.name'), cell: (u) => <Text span inherit fw={500}>{u.name}</Text> },
    { key: 'email', header: t('invites:users.columns.email'), cell: (u) => u.email },
    ...(inviteId ? [] : [{ key: 'invite', header: t('invites:users.columns.invite'), cell: (u: InvitedUser) => u.inviteTitle }]),
    { key: 'joinedAt', header: t('invites:users.columns.joinedAt'), cell: (u) => formatDisplayDateTime(new Date(u.joinedAt)) },
    {
      key: 'approval',
      header: t('invites:users.columns.approval'),
      cell: (u) => (
        <Badge variant="light" color={u.approval ? approvalColor[u.approval] : 'gray'}>
          {t(`invites:approval.${u.approval ?? 'none'}`)}
        </Badge>
      ),
    },
    ...(decidable.length === 0
      ? []
      : [
          {
            key: 'actions',
            header: t('invites:users.columns.actions'),
            cell: (u: InvitedUser) =>
              u.approval === 'pending' && (
                <Group gap={6} wrap="nowrap">
                  <Button
                    size="xs"
                    variant="light"
                    aria-label={t('invites:users.approveUser', { name: u.name })}
                    disabled={busy}
                    onClick={() => void decide('approve', { userIds: [u.userId] })}
                  >
                    {t('invites:users.approve')}
                  </Button>
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    aria-label={t('invites:users.rejectUser', { name: u.name })}
                    disabled={busy}
                    onClick={() => confirmReject([u.userId])}
                  >
                    {t('invites:users.reject')}
                  </Button>
                </Group>
              ),
          },
        ]),
  ];

  return (
    <Stack gap="md">
      {decidable.length > 0 && (
        <Group gap="sm" wrap="wrap">
          <Button leftSection={<IconChecks size={16} aria-hidden />} onClick={confirmApproveAll} loading={busy}>
            {t('invites:users.approveAll')}
          </Button>
          <Button
            variant="light"
            leftSection={<IconCheck size={16} aria-hidden />}
            disabled={chosen.length === 0 || busy}
            onClick={() => void decide('approve', { userIds: chosen })}
          >
            {t('invites:users.approveSelected', { count: chosen.length })}
          </Button>
          <Button
            variant="light"
            color="red"
            leftSection={<IconX size={16} aria-hidden />}
            disabled={chosen.length === 0 || busy}
            onClick={() => confirmReject(chosen)}
          >
            {t('invites:users.rejectSelected', { count: chosen.length })}
          </Button>
        </Group>
      )}
      <AdminListTable
        rows={users}
        rowKey={(u) => u.userId}
        columns={columns}
        emptyText={pendingOnly ? t('invites:users.emptyPending') : t('invites:users.empty')}
        minWidth={720}
        selection={
          decidable.length > 0
            ? {
                selected: chosen,
                onChange: (keys) => setSelected(new Set(keys)),
                pageLabel: t('invites:users.selectAll'),
                rowLabel: (u) => t('invites:users.selectUser', { name: u.name }),
                selectable: (u) => u.approval === 'pending',
              }
            : undefined
        }
      />
      {hasMore && (
        <Group justify="center">
          <Button variant="default" loading={isValidating} onClick={() => void setSize(size + 1)}>
            {t('invites:users.more')}
          </Button>
        </Group>
      )}
      <ConfirmDialog
        opened={asking !== null}
        onClose={() => setAsking(null)}
        {...(asking === 'approveAll'
          ? {
              title: t('invites:users.approveAllConfirm.title'),
              body: t('invites:users.approveAllConfirm.body'),
              confirmLabel: t('invites:users.approveAllConfirm.confirm'),
              cancelLabel: t('invites:users.approveAllConfirm.cancel'),
              onConfirm: () => void decide('approve', { all: true, ...(inviteId ? { inviteId } : {}) }),
            }
          : {
              title: t('invites:users.rejectConfirm.title'),
              body: t('invites:users.rejectConfirm.body'),
              confirmLabel: t('invites:users.rejectConfirm.confirm'),
              cancelLabel: t('invites:users.rejectConfirm.cancel'),
              danger: true,
              onConfirm: () => void decide('reject', { userIds: asking?.reject ?? [] }),
            })}
      />
    </Stack>
  );
}
