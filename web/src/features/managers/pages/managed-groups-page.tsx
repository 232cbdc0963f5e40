import { ActionIcon, Badge, Button, Group, Modal, Paper, Select, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPencil, IconTrash, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { groupMemberAddInput, type ManagedGroup } from '../../../../../shared/api/calls/managers';
import { groupMemberUpdateInput } from '../../../../../shared/api/calls/members';
import type { MemberRow } from '../../../../../shared/api/calls/members';
import { ConfirmDelete } from '../../../components/confirm-delete';
import { CursorPager, useCursorPages } from '../../../components/cursor-pager';
import { LoadError } from '../../../components/load-error';
import { ApiError } from '../../../lib/api-error';
import { zodFieldErrors } from '../../../lib/form-errors';
import { errorMessage, useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { addGroupMember, isGroupMembersKey, removeGroupMember, renameGroupMember, useGroupMembers, useManagedGroups } from '../api';
import { PageHeading } from '../../../components/page-heading';

/** Adds a member of the team to the group by e-mail (the `create` permission). */
function AddMemberForm({ group, onAdded }: { group: ManagedGroup; onAdded: () => Promise<unknown> }) {
  const { t } = useTranslation('managers');
  const form = useForm({ initialValues: { email: '' }, validate: (v) => zodFieldErrors(groupMemberAddInput, { groupId: group.groupId, ...v }) });
  const submit = form.onSubmit(async ({ email }) => {
    try {
      const { member } = await addGroupMember(group.groupId, email.trim());
      toast.success(t('member.added', { name: member.name, group: group.name }));
      form.reset();
      await onAdded();
    } catch (e) {
      toast.error(errorMessage(e));
      if (e instanceof ApiError && e.fields.email) form.setFieldError('email', e.fields.email);
    }
  });
  const code = form.errors.email;
  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          {...form.getInputProps('email')}
          error={typeof code === 'string' ? errorMessage(code) : undefined}
          label={t('member.addLabel')}
          type="email"
          autoComplete="off"
          style={{ flex: '1 1 220px' }}
        />
        <Button type="submit" loading={form.submitting} leftSection={<IconUserPlus size={16} aria-hidden />}>
          {t('member.add')}
        </Button>
      </Group>
    </form>
  );
}

/** Renames a member of the group (the `edit` permission). */
function EditMemberModal({ group, member, onClose, onSaved }: { group: ManagedGroup; member: MemberRow | undefined; onClose: () => void; onSaved: () => Promise<unknown> }) {
  const { t } = useTranslation('managers');
  const form = useForm({
    initialValues: { name: member?.name ?? '' },
    validate: (v) => zodFieldErrors(groupMemberUpdateInput, { groupId: group.groupId, userId: member?.userId ?? '', ...v }),
  });
  const submit = form.onSubmit(async ({ name }) => {
    if (!member) return;
    try {
      await renameGroupMember(group.groupId, member.userId, name.trim());
      toast.success(t('member.saved', { name: name.trim() }));
      await onSaved();
      onClose();
    } catch (e) {
      toast.error(errorMessage(e));
      if (e instanceof ApiError && e.fields.name) form.setFieldError('name', e.fields.name);
    }
  });
  const code = form.errors.name;
  return (
    <Modal opened={member !== undefined} onClose={onClose} title={t('member.editTitle', { name: member?.name ?? '' })}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="md">
          <TextInput {...form.getInputProps('name')} error={typeof code === 'string' ? errorMessage(code) : undefined} label={t('fields.name')} withAsterisk data-autofocus />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={form.submitting}>
              {t('actions.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The group's members (the `read` permission), each with a remove button where the manager holds `delete`. */
function GroupMembers({ group, onChanged }: { group: ManagedGroup; onChanged: () => Promise<unknown> }) {
  const { t } = useTranslation('managers');
  const pages = useCursorPages();
  const members = useGroupMembers(group.groupId, pages.cursor);
  const [removing, setRemoving] = useState<MemberRow>();
  const [editing, setEditing] = useState<MemberRow>();
  const canRemove = group.permissions.includes('delete');
  const canEdit = group.permissions.includes('edit');
  if (members.error) return <LoadError title={t('member.loadError')} error={members.error} onRetry={() => void members.mutate()} />;
  if (!members.data) return <Skeleton h={120} />;
  return (
    <Stack gap="xs">
      {members.data.items.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('member.empty')}
        </Text>
      )}
      {members.data.items.map((m) => (
        <Paper key={m.userId} withBorder p="sm" radius="sm">
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Stack gap={0} miw={0}>
              <Text fw={500} truncate="end">
                {m.name}
              </Text>
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {m.email}
              </Text>
            </Stack>
            <Group gap={4} wrap="nowrap">
              {canEdit && (
                <ActionIcon variant="subtle" aria-label={t('member.editNamed', { name: m.name })} onClick={() => setEditing(m)}>
                  <IconPencil size={16} aria-hidden />
                </ActionIcon>
              )}
              {canRemove && (
                <ActionIcon variant="subtle" color="red" aria-label={t('member.removeNamed', { name: m.name })} onClick={() => setRemoving(m)}>
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              )}
            </Group>
          </Group>
        </Paper>
      ))}
      <CursorPager pages={pages} nextCursor={members.data.nextCursor} />
      <EditMemberModal key={editing?.userId ?? ''} group={group} member={editing} onClose={() => setEditing(undefined)} onSaved={() => members.mutate()} />
      <ConfirmDelete
        opened={removing !== undefined}
        onClose={() => setRemoving(undefined)}
        title={t('member.removeTitle', { name: removing?.name ?? '' })}
        body={t('member.removeBody', { name: removing?.name ?? '', group: group.name })}
        confirmLabel={t('member.remove')}
        cancelLabel={t('actions.cancel')}
        onConfirm={async () => {
          if (!removing) return;
          try {
            await removeGroupMember(group.groupId, removing.userId);
            toast.success(t('member.removed', { name: removing.name, group: group.name }));
            setRemoving(undefined);
            await Promise.all([members.mutate(), onChanged()]);
          } catch (e) {
            toast.error(errorMessage(e));
          }
        }}
      />
    </Stack>
  );
}

/**
 * SPEC §6 group managers in the member area: only the groups they manage, and in each only what their
 * permissions allow (read the members, add one, remove one). The server checks each group again.
 */
function ManagedGroupsPage() {
  const { t } = useTranslation('managers');
  const managed = useManagedGroups();
  const [chosen, setChosen] = useState<string | null>(null);
  const groups = managed.data?.groups ?? [];
  const group = groups.find((g) => g.groupId === chosen) ?? groups[0];
  const { mutate } = useSWRConfig();

  return (
    <Stack gap="lg" maw={860}>
      <PageHeading title={t('member.title')} description={t('member.subtitle')} />
      {managed.error ? (
        <LoadError title={t('member.groupsLoadError')} error={managed.error} onRetry={() => void managed.mutate()} />
      ) : !managed.data ? (
        <Skeleton h={160} />
      ) : !group ? (
        <Text c="dimmed">{t('member.noGroups')}</Text>
      ) : (
        <>
          {groups.length > 1 && (
            <Select
              label={t('member.group')}
              data={groups.map((g) => ({ value: g.groupId, label: g.name }))}
              value={group.groupId}
              onChange={setChosen}
              allowDeselect={false}
              maw={360}
            />
          )}
          <Paper withBorder p="md" radius="md">
            <Stack gap="md">
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Title order={2} size="h3">
                  {group.name}
                </Title>
                <Text size="sm" c="dimmed">
                  {t('member.count', { count: group.memberCount })}
                </Text>
              </Group>
              <Group gap={6} wrap="wrap" aria-label={t('member.yourPermissions')}>
                {group.permissions.map((p) => (
                  <Badge key={p} variant="light" tt="none">
                    {t(`permissions.${p}`)}
                  </Badge>
                ))}
              </Group>
              {group.permissions.includes('create') && <AddMemberForm key={group.groupId} group={group} onAdded={() => Promise.all([managed.mutate(), mutate(isGroupMembersKey)])} />}
              {group.permissions.includes('read') ? (
                <GroupMembers key={group.groupId} group={group} onChanged={() => managed.mutate()} />
              ) : (
                <Text size="sm" c="dimmed">
                  {t('member.cannotRead')}
                </Text>
              )}
            </Stack>
          </Paper>
        </>
      )}
    </Stack>
  );
}

export { ManagedGroupsPage as Component };
