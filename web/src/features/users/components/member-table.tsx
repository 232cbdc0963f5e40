import { Anchor, Badge, Button, Checkbox, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MemberRow } from '../../../../../shared/api/calls/members';
import { formatDate } from '../../../lib/format';

interface MemberTableProps {
  members: MemberRow[];
  selected: string[];
  onSelect: (ids: string[]) => void;
  onToggleDisabled: (member: MemberRow) => void;
  onDelete: (member: MemberRow) => void;
}

/** One page of a member tab: select for bulk delete, open to edit, enable/disable, delete. */
export function MemberTable({ members, selected, onSelect, onToggleDisabled, onDelete }: MemberTableProps) {
  const { t } = useTranslation();
  const allOnPage = members.length > 0 && members.every((m) => selected.includes(m.userId));
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>
              <Checkbox
                aria-label={t('users:list.selectPage')}
                checked={allOnPage}
                indeterminate={!allOnPage && members.some((m) => selected.includes(m.userId))}
                onChange={() => onSelect(allOnPage ? [] : members.map((m) => m.userId))}
              />
            </Table.Th>
            <Table.Th>{t('users:fields.name')}</Table.Th>
            <Table.Th>{t('users:fields.email')}</Table.Th>
            <Table.Th>{t('users:fields.groups')}</Table.Th>
            <Table.Th>{t('users:fields.status')}</Table.Th>
            <Table.Th>{t('users:fields.joinedAt')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('users:list.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {members.map((m) => (
            <Table.Tr key={m.userId}>
              <Table.Td>
                <Checkbox
                  aria-label={t('users:list.select', { name: m.name })}
                  checked={selected.includes(m.userId)}
                  onChange={(e) =>
                    onSelect(e.currentTarget.checked ? [...selected, m.userId] : selected.filter((id) => id !== m.userId))
                  }
                />
              </Table.Td>
              <Table.Td>
                <Anchor component={Link} to={`/admin/user/${m.userId}/edit`} fw={500}>
                  {m.name}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{m.email}</Text>
              </Table.Td>
              <Table.Td>{m.groupIds.length}</Table.Td>
              <Table.Td>
                <Group gap={4}>
                  <Badge color={m.disabled ? 'gray' : 'teal'} variant="light">
                    {t(m.disabled ? 'users:status.disabled' : 'users:status.enabled')}
                  </Badge>
                  {m.approval === 'pending' && <Badge color="yellow" variant="light">{t('users:status.pending')}</Badge>}
                  {m.expiresAt && Date.parse(m.expiresAt) < Date.now() && (
                    <Badge color="red" variant="light">{t('users:status.expired')}</Badge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td>{formatDate(m.createdAt)}</Table.Td>
              <Table.Td>
                <Group gap="xs" justify="flex-end" wrap="nowrap">
                  <Button size="xs" variant="default" onClick={() => onToggleDisabled(m)}>
                    {t(m.disabled ? 'users:actions.enable' : 'users:actions.disable')}
                  </Button>
                  <Button size="xs" color="red" variant="subtle" onClick={() => onDelete(m)} aria-label={t('users:actions.deleteOne', { name: m.name })}>
                    {t('users:actions.delete')}
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
