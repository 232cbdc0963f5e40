import { Anchor, Button, Group, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n';
import { Link } from 'react-router';
import type { MemberRow } from '../../../../../shared/api/calls/members';
import { AdminListTable } from '../../../components/admin-list-table';
import { formatDate } from '../../../lib/format';
import { MemberStateBadge } from './member-state-badge';

interface MemberTableProps {
  members: MemberRow[];
  selected: string[];
  onSelect: (ids: string[]) => void;
  onToggleDisabled: (member: MemberRow) => void;
  onDelete: (member: MemberRow) => void;
  /** Resend the invitation mail of an invited member (no password yet). */
  onResendInvitation: (member: MemberRow) => void;
  /** The member whose invitation is being resent (its button shows progress). */
  resending?: string;
  /** The viewer may read payments (paying managers): customers get a link to their payment history. */
  showPaymentHistory?: boolean;
}

/**
 * One page of a member tab (the shared admin table): select for bulk delete, open to edit, enable/disable, delete;
 * a customer's payment history for paying managers.
 */
export function MemberTable({ members, selected, onSelect, onToggleDisabled, onDelete, onResendInvitation, resending, showPaymentHistory = false }: MemberTableProps) {
  const { t } = useTranslation();
  return (
    <AdminListTable
      bare
      rows={members}
      rowKey={(m) => m.userId}
      minWidth={880}
      selection={{ selected, onChange: onSelect, pageLabel: t('users:list.selectPage'), rowLabel: (m) => t('users:list.select', { name: m.name }) }}
      columns={[
        {
          key: 'name',
          header: t('users:fields.name'),
          cell: (m) => (
            <Anchor component={Link} to={`/admin/user/${m.userId}/edit`} fw={500}>
              {m.name}
            </Anchor>
          ),
        },
        { key: 'email', header: t('users:fields.email'), cell: (m) => <Text size="sm">{m.email}</Text> },
        { key: 'groups', header: t('users:fields.groups'), cell: (m) => m.groupIds.length },
        {
          key: 'status',
          header: t('users:fields.status'),
          cell: (m) => <MemberStateBadge member={m} />,
        },
        { key: 'joinedAt', header: t('users:fields.joinedAt'), cell: (m) => formatDate(m.createdAt) },
        {
          key: 'actions',
          header: <VisuallyHidden>{t('users:list.actions')}</VisuallyHidden>,
          cell: (m) => (
            <Group gap="xs" justify="flex-end" wrap="nowrap">
              {showPaymentHistory && m.tab === 'customer' && (
                <Button
                  size="xs"
                  variant="subtle"
                  component={Link}
                  to={`/admin/user/${encodeURIComponent(m.userId)}/paid_history`}
                  aria-label={t('users:actions.paymentHistoryOf', { name: m.name })}
                >
                  {t('users:actions.paymentHistory')}
                </Button>
              )}
              {m.state === 'invited' && (
                <Button
                  size="xs"
                  variant="light"
                  loading={resending === m.userId}
                  onClick={() => onResendInvitation(m)}
                  aria-label={t('users:actions.resendInvitationOf', { name: m.name })}
                >
                  {t('users:actions.resendInvitation')}
                </Button>
              )}
              <Button size="xs" variant="default" onClick={() => onToggleDisabled(m)}>
                {t(m.disabled ? 'users:actions.enable' : 'users:actions.disable')}
              </Button>
              <Button size="xs" color="red" variant="subtle" onClick={() => onDelete(m)} aria-label={t('users:actions.deleteOne', { name: m.name })}>
                {t('users:actions.delete')}
              </Button>
            </Group>
          ),
        },
      ]}
    />
  );
}
