import {
  Button,
  Checkbox,
  Code,
  Divider,
  Group,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import type { CustomField } from '../../../../../shared/api/calls/custom-fields';
import type { GroupRow } from '../../../../../shared/api/calls/groups';
import { memberUpdateInput, notificationKeys, type MemberDetail, type NotificationKey } from '../../../../../shared/api/calls/members';
import { managerPermissions, type ManagerPermission } from '../../../../../shared/permissions';
import { ApiError } from '../../../lib/api-error';
import { zodFieldErrors } from '../../../lib/form-errors';
import { errorMessage, useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { updateMember } from '../api';
import { FormSection } from '../../../components/admin-page/form-section';
import { SuggestedDateInput } from '../../../components/suggested-date-input';
import { namedPills } from '../../../components/named-pills';

interface Values {
  name: string;
  phone: string;
  groupIds: string[];
  disabled: boolean;
  /** YYYY-MM-DD in the viewer's zone; the account is valid through the end of that day. */
  expiresOn: string;
  customFields: Record<string, string | string[]>;
  notifications: Partial<Record<NotificationKey, boolean>>;
  managerOf: Record<string, ManagerPermission[]>;
  mustChangePassword: boolean;
}

const pad = (n: number) => String(n).padStart(2, '0');
const toDateInput = (iso?: string) => {
  if (!iso) return '';
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};
const endOfDay = (date: string) => {
  const [y, m, d] = date.split('-').map(Number);
  const local = new Date(y, m - 1, d, 23, 59, 59, 999);
  return local.getFullYear() === y && local.getMonth() === m - 1 && local.getDate() === d ? local.toISOString() : 'invalid';
};

function toInput(userId: string, v: Values, fields: CustomField[]) {
  const customFields: Record<string, string | number | string[]> = {};
  for (const f of fields) {
    const answer = v.customFields[f.fieldId];
    if (answer === undefined || answer === '') continue;
    customFields[f.fieldId] = f.type === 'number' && typeof answer === 'string' ? Number(answer) : answer;
  }
  return {
    userId,
    name: v.name,
    phone: v.phone,
    groupIds: v.groupIds,
    disabled: v.disabled,
    expiresAt: v.expiresOn ? endOfDay(v.expiresOn) : null,
    customFields,
    notifications: v.notifications,
    managerOf: v.managerOf,
    mustChangePassword: v.mustChangePassword,
  };
}

interface MemberEditFormProps {
  member: MemberDetail;
  groups: GroupRow[];
  customFields: CustomField[];
  onSaved: () => void;
}

/** SPEC §2 /admin/user/:userId/edit: profile, groups, state, custom fields, notifications, manager rights. */
export function MemberEditForm({ member, groups, customFields, onSaved }: MemberEditFormProps) {
  const { t } = useTranslation();
  const form = useForm<Values>({
    initialValues: {
      name: member.name,
      phone: member.phone ?? '',
      groupIds: member.groupIds,
      disabled: member.disabled,
      expiresOn: toDateInput(member.expiresAt),
      customFields: Object.fromEntries(
        Object.entries(member.customFields).map(([k, v]) => [k, Array.isArray(v) ? v : String(v)]),
      ),
      notifications: member.notifications,
      managerOf: member.managerOf,
      mustChangePassword: member.mustChangePassword,
    },
    validate: (v) => {
      const errors = zodFieldErrors(memberUpdateInput, toInput(member.userId, v, customFields));
      if (errors.expiresAt) errors.expiresOn = errors.expiresAt;
      return errors;
    },
  });
  const err = (field: string) => {
    const code = form.errors[field];
    return typeof code === 'string' ? errorMessage(code) : undefined;
  };

  const submit = form.onSubmit(async (v) => {
    try {
      await updateMember(toInput(member.userId, v, customFields));
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length) {
        form.setErrors({ ...error.fields, ...(error.fields.expiresAt ? { expiresOn: error.fields.expiresAt } : {}) });
      }
      toast.error(errorMessage(error));
      return;
    }
    toast.success(t('users:edit.saved'));
    onSaved();
  });

  const togglePermission = (groupId: string, p: ManagerPermission, on: boolean) => {
    const current = form.values.managerOf[groupId] ?? [];
    form.setFieldValue('managerOf', {
      ...form.values.managerOf,
      [groupId]: on ? [...current, p] : current.filter((x) => x !== p),
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <FormSection title={t('users:edit.profile')} hint={member.email}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput {...form.getInputProps('name')} error={err('name')} label={t('users:fields.name')} withAsterisk />
            <TextInput {...form.getInputProps('phone')} error={err('phone')} label={t('users:fields.phone')} type="tel" />
            <MultiSelect
              renderPill={namedPills((title) => t('common:itemPicker.remove', { title }))}
              {...form.getInputProps('groupIds')}
              error={err('groupIds')}
              label={t('users:fields.groups')}
              data={groups.map((g) => ({ value: g.groupId, label: g.name }))}
              searchable
              clearable
            />
            <SuggestedDateInput
              {...form.getInputProps('expiresOn')}
              error={err('expiresOn')}
              label={t('users:fields.expiresOn')}
              description={t('users:edit.expiresHint')}
              kind="date"
            />
          </SimpleGrid>
          <Switch {...form.getInputProps('disabled', { type: 'checkbox' })} label={t('users:fields.disabled')} />
          <Switch
            {...form.getInputProps('mustChangePassword', { type: 'checkbox' })}
            label={t('users:fields.mustChangePassword')}
            description={t('users:edit.mustChangePasswordHint')}
          />
          {member.paymentCustomerId && (
            <Text size="sm">
              {t('users:fields.paymentCustomerId')}: <Code>{member.paymentCustomerId}</Code>
            </Text>
          )}
        </FormSection>

        {customFields.length > 0 && (
          <FormSection title={t('users:edit.customFields')}>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {customFields.map((f) => {
                const path = `customFields.${f.fieldId}`;
                const common = { label: f.name, withAsterisk: f.required, error: err(path) };
                if (f.type === 'checkbox') {
                  return <MultiSelect renderPill={namedPills((title) => t('common:itemPicker.remove', { title }))} key={f.fieldId} {...form.getInputProps(path)} {...common} data={f.options} />;
                }
                if (f.type === 'radio' || f.type === 'select') {
                  return <Select key={f.fieldId} {...form.getInputProps(path)} {...common} data={f.options} clearable />;
                }
                return (
                  <TextInput
                    key={f.fieldId}
                    {...form.getInputProps(path)}
                    {...common}
                    type={f.type === 'number' ? 'number' : f.type === 'date' ? 'date' : 'text'}
                  />
                );
              })}
            </SimpleGrid>
          </FormSection>
        )}

        <FormSection title={t('users:edit.notifications')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {/* A setting never saved is on: the server mails unless it is false. */}
            {notificationKeys.map((key) => (
              <Checkbox
                key={key}
                label={t(`users:notifications.${key}`)}
                checked={form.values.notifications[key] ?? true}
                onChange={(e) => form.setFieldValue('notifications', { ...form.values.notifications, [key]: e.currentTarget.checked })}
              />
            ))}
          </SimpleGrid>
        </FormSection>

        <FormSection title={t('users:edit.manager')} hint={t('users:edit.managerHint')}>
          {groups.length === 0 ? (
            <Text size="sm">{t('users:edit.noGroups')}</Text>
          ) : (
            <Table.ScrollContainer minWidth={560}>
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('users:fields.group')}</Table.Th>
                    {managerPermissions.map((p) => (
                      <Table.Th key={p}>{t(`users:permissions.${p}`)}</Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {groups.map((g) => (
                    <Table.Tr key={g.groupId}>
                      <Table.Td>{g.name}</Table.Td>
                      {managerPermissions.map((p) => (
                        <Table.Td key={p}>
                          <Checkbox
                            aria-label={t('users:edit.permissionFor', { group: g.name, permission: t(`users:permissions.${p}`) })}
                            checked={form.values.managerOf[g.groupId]?.includes(p) ?? false}
                            onChange={(e) => togglePermission(g.groupId, p, e.currentTarget.checked)}
                          />
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </FormSection>

        <Divider />
        <Group justify="flex-end">
          <Button type="submit" loading={form.submitting}>
            {t('users:actions.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
