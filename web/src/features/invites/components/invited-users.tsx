import { Badge, Button, Checkbox, Group, Paper, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconCheck, IconChecks, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useSWRConfig } from 'swr';
import type { InvitedUser } from '../../../../../shared/api/calls/invites';
import { LoadError } from '../../../components/load-error';
import { formatDisplayDateTime } from '../../../../../shared/rules/dates';
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

  if (error) return <LoadError title={t('invites:users.loadError')} error={error} onRetry={() => void mutate()} />;
  if (!data) {
    return (
      <Stack gap="xs" role="status" aria-label={t('common:loading')}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} h={40} />
        ))}
      </Stack>
    );
  }

  const toggle = (userId: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(userId);
      else next.delete(userId);
      return next;
    });
  const chosen = [...selected];
  const allChosen = decidable.length > 0 && decidable.every((u) => selected.has(u.userId));

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
      <Paper withBorder radius="md">
        <Table.ScrollContainer minWidth={720}>
          <Table verticalSpacing="sm" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                {decidable.length > 0 && (
                  <Table.Th w={40}>
                    <Checkbox
                      aria-label={t('invites:users.selectAll')}
                      checked={allChosen}
                      indeterminate={!allChosen && chosen.length > 0}
                      onChange={(e) => setSelected(e.currentTarget.checked ? new Set(decidable.map((u) => u.userId)) : new Set())}
                    />
                  </Table.Th>
                )}
                <Table.Th>{t('invites:users.columns.name')}</Table.Th>
                <Table.Th>{t('invites:users.columns.email')}</Table.Th>
                {!inviteId && <Table.Th>{t('invites:users.columns.invite')}</Table.Th>}
                <Table.Th>{t('invites:users.columns.joinedAt')}</Table.Th>
                <Table.Th>{t('invites:users.columns.approval')}</Table.Th>
                {decidable.length > 0 && <Table.Th>{t('invites:users.columns.actions')}</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {users.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={7}>
                    <Text c="dimmed" ta="center" py="lg">
                      {pendingOnly ? t('invites:users.emptyPending') : t('invites:users.empty')}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
              {users.map((u) => (
                <Table.Tr key={u.userId}>
                  {decidable.length > 0 && (
                    <Table.Td>
                      {u.approval === 'pending' && (
                        <Checkbox
                          aria-label={t('invites:users.selectUser', { name: u.name })}
                          checked={selected.has(u.userId)}
                          onChange={(e) => toggle(u.userId, e.currentTarget.checked)}
                        />
                      )}
                    </Table.Td>
                  )}
                  <Table.Td fw={500}>{u.name}</Table.Td>
                  <Table.Td>{u.email}</Table.Td>
                  {!inviteId && <Table.Td>{u.inviteTitle}</Table.Td>}
                  <Table.Td>{formatDisplayDateTime(new Date(u.joinedAt))}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={u.approval ? approvalColor[u.approval] : 'gray'}>
                      {t(`invites:approval.${u.approval ?? 'none'}`)}
                    </Badge>
                  </Table.Td>
                  {decidable.length > 0 && (
                    <Table.Td>
                      {u.approval === 'pending' && (
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
                      )}
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
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
