import { Checkbox, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { groupManagerCreateInput, type ManagedGroupsInput } from '../../../../../shared/api/calls/managers';
import type { GroupRow } from '../../../../../shared/api/calls/groups';
import { managerPermissions, type ManagerPermission } from '../../../../../shared/permissions';
import { FormCard } from '../../../components/admin-page/form-actions';
import { ApiError } from '../../../lib/api-error';
import type { AsyncAction } from '../../../lib/async-action';
import { zodFieldErrors } from '../../../lib/form-errors';
import { errorMessage, useTranslation } from '../../../lib/i18n';

type ManagerOf = Record<string, ManagerPermission[]>;

/** The form's map as the calls' list, groups without a permission left out. */
const groupsOf = (managerOf: ManagerOf): ManagedGroupsInput =>
  Object.entries(managerOf)
    .filter(([, permissions]) => permissions.length > 0)
    .map(([groupId, permissions]) => ({ groupId, permissions }));

interface ManagerFormProps {
  groups: readonly GroupRow[];
  /** Editing: whose permissions (the e-mail is not changed here). */
  manager?: { name: string; email: string; managerOf: ManagerOf };
  submitLabel: string;
  /** Throws when the save failed (after telling the reader). */
  onSubmit: AsyncAction<[email: string, groups: ManagedGroupsInput]>;
}

/** SPEC §3/§6: the member (by e-mail) and, per group, the manager's permissions (analyst, create, read, edit, delete). */
export function ManagerForm({ groups, manager, submitLabel, onSubmit }: ManagerFormProps) {
  const { t } = useTranslation('managers');
  const form = useForm({
    initialValues: { email: manager?.email ?? '', managerOf: manager?.managerOf ?? ({} as ManagerOf) },
    validate: (v) => zodFieldErrors(groupManagerCreateInput, { email: v.email, groups: groupsOf(v.managerOf) }),
  });
  const submit = form.onSubmit(async ({ email, managerOf }) => {
    try {
      await onSubmit(email.trim(), groupsOf(managerOf));
    } catch (error) {
      if (error instanceof ApiError) for (const [field, code] of Object.entries(error.fields)) form.setFieldError(field, code);
    }
  });
  const message = (code: unknown) => (typeof code === 'string' ? errorMessage(code) : undefined);
  const permissionsError = Object.entries(form.errors).find(([k]) => k.startsWith('groups'))?.[1];
  return (
    <FormCard onSubmit={(e) => void submit(e)} maw={720} submitLabel={submitLabel} submitting={form.submitting}>
      {manager ? (
        <Stack gap={2}>
          <Text fw={500}>{manager.name}</Text>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {manager.email}
          </Text>
        </Stack>
      ) : (
        <TextInput
          {...form.getInputProps('email')}
          error={message(form.errors.email)}
          label={t('fields.email')}
          description={t('fields.emailHint')}
          type="email"
          autoComplete="off"
          withAsterisk
        />
      )}
      <Stack gap="xs">
        <Text fw={500} size="sm">
          {t('fields.permissions')}
        </Text>
        {groups.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('fields.noGroups')}
          </Text>
        )}
        {groups.map((g) => (
          <Paper key={g.groupId} withBorder p="sm" radius="sm">
            <Checkbox.Group
              label={g.name}
              value={form.values.managerOf[g.groupId] ?? []}
              onChange={(value) => {
                form.setFieldValue('managerOf', { ...form.values.managerOf, [g.groupId]: managerPermissions.filter((p) => value.includes(p)) });
                for (const key of Object.keys(form.errors)) if (key.startsWith('groups')) form.clearFieldError(key);
              }}
            >
              <Group gap="md" mt={6} wrap="wrap">
                {managerPermissions.map((p) => (
                  <Checkbox key={p} value={p} label={t(`permissions.${p}`)} aria-label={t('fields.permissionOf', { group: g.name, permission: t(`permissions.${p}`) })} />
                ))}
              </Group>
            </Checkbox.Group>
          </Paper>
        ))}
        {permissionsError && (
          <Text size="sm" c="red" role="alert">
            {message(permissionsError)}
          </Text>
        )}
      </Stack>
    </FormCard>
  );
}
