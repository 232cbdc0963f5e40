import {
  Alert,
  Button,
  Checkbox,
  Divider,
  Group,
  MultiSelect,
  NumberInput,
  Paper,
  Radio,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconInfoCircle } from '@tabler/icons-react';
import {
  createInviteInput,
  inviteFieldModes,
  type Invite,
  type InviteFieldMode,
  type InviteFormInput,
  type InviteKind,
} from '../../../../../shared/api/calls/invites';
import { adminCategories, type AdminCategory } from '../../../../../shared/permissions';
import { DATE_TIME_INPUT_FORMAT } from '../../../../../shared/constants';
import { formatDateTimeInput, parseDateInput } from '../../../../../shared/rules/date-display';
import { ApiError } from '../../../lib/api-error';
import { zodFieldErrors } from '../../../lib/form-errors';
import { errorMessage, useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import type { AsyncAction } from '../../../lib/async-action';
import { SuggestedDateInput } from '../../../components/suggested-date-input';
import { namedPills } from '../../../components/named-pills';

export interface InviteFormValues {
  kind: InviteKind;
  title: string;
  unlimited: boolean;
  maxRegistrations: number | string;
  deadline: string;
  validDays: number | string;
  validUntil: string;
  groupIds: string[];
  approvalRequired: boolean;
  nameField: InviteFieldMode;
  phoneField: InviteFieldMode;
  customFieldIds: string[];
  prefillFromQuery: boolean;
  comment: string;
  categories: AdminCategory[];
}

export const emptyInvite: InviteFormValues = {
  kind: 'user',
  title: '',
  unlimited: true,
  maxRegistrations: '',
  deadline: '',
  validDays: '',
  validUntil: '',
  groupIds: [],
  approvalRequired: false,
  nameField: 'required',
  phoneField: 'hidden',
  customFieldIds: [],
  prefillFromQuery: false,
  comment: '',
  categories: [],
};

/** A stored invitation as form values (times in the viewer's zone, as the date-time inputs show them). */
export function inviteToValues(invite: Invite): InviteFormValues {
  const local = (iso?: string) => (iso ? formatDateTimeInput(new Date(iso)) : '');
  return {
    kind: invite.kind,
    title: invite.title,
    unlimited: invite.maxRegistrations === null,
    maxRegistrations: invite.maxRegistrations ?? '',
    deadline: local(invite.deadline),
    validDays: invite.validDays ?? '',
    validUntil: local(invite.validUntil),
    groupIds: invite.groupIds,
    approvalRequired: invite.approvalRequired,
    nameField: invite.nameField,
    phoneField: invite.phoneField,
    customFieldIds: invite.customFieldIds,
    prefillFromQuery: invite.prefillFromQuery,
    comment: invite.comment ?? '',
    categories: invite.categories,
  };
}

/** What the viewer typed as the call's input: a date-time that is no real date goes as typed (the schema says why). */
export function valuesToInput(values: InviteFormValues): InviteFormInput & { kind: InviteKind } {
  const instant = (text: string) => {
    if (text === '') return undefined;
    return parseDateInput(text, DATE_TIME_INPUT_FORMAT)?.toISOString() ?? text;
  };
  const number = (value: number | string) => (value === '' ? null : Number(value));
  return {
    kind: values.kind,
    title: values.title,
    maxRegistrations: values.unlimited ? null : (number(values.maxRegistrations) ?? Number.NaN),
    deadline: instant(values.deadline),
    validUntil: instant(values.validUntil),
    validDays: number(values.validDays),
    groupIds: values.groupIds,
    approvalRequired: values.approvalRequired,
    nameField: values.nameField,
    phoneField: values.phoneField,
    customFieldIds: values.customFieldIds,
    prefillFromQuery: values.prefillFromQuery,
    comment: values.comment,
    categories: values.categories,
  };
}

interface Choice {
  value: string;
  label: string;
}

interface InviteFormProps {
  initialValues: InviteFormValues;
  /** Editing keeps the invitation's kind. */
  mode: 'create' | 'edit';
  groups: Choice[] | undefined;
  groupsFailed: boolean;
  customFields: Choice[];
  onSubmit: AsyncAction<[input: InviteFormInput & { kind: InviteKind }]>;
}

/** SPEC §3 Invitation: every field, checked with the server's own schema before it is sent. */
export function InviteForm({ initialValues, mode, groups, groupsFailed, customFields, onSubmit }: InviteFormProps) {
  const { t } = useTranslation();
  const form = useForm<InviteFormValues>({
    initialValues,
    validate: (values) => zodFieldErrors(createInviteInput, valuesToInput(values)),
  });
  const { values } = form;
  const isMember = values.kind === 'user';

  const fieldError = (field: keyof InviteFormValues) => {
    const error = form.errors[field];
    return typeof error === 'string' ? errorMessage(error) : undefined;
  };
  const props = (field: keyof InviteFormValues) => ({ ...form.getInputProps(field), error: fieldError(field) });

  const submit = form.onSubmit(async (v) => {
    try {
      await onSubmit(valuesToInput(v));
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length) form.setErrors(error.fields);
      toast.error(errorMessage(error));
    }
  });

  const modeControl = (field: 'nameField' | 'phoneField') => (
    <Radio.Group {...form.getInputProps(field)} label={t(`invites:form.${field}`)}>
      <Group gap="md" mt={6}>
        {inviteFieldModes.map((m) => (
          <Radio key={m} value={m} label={t(`invites:form.fieldModes.${m}`)} />
        ))}
      </Group>
    </Radio.Group>
  );

  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Divider label={t('invites:form.sections.basic')} labelPosition="left" />
          {mode === 'create' ? (
            <Stack gap={4}>
              <Text size="sm" fw={500} id="invite-kind-label">
                {t('invites:form.kind')}
              </Text>
              <SegmentedControl
                aria-labelledby="invite-kind-label"
                value={values.kind}
                onChange={(kind) => form.setFieldValue('kind', kind as InviteKind)}
                data={[
                  { value: 'user', label: t('invites:kind.user') },
                  { value: 'admin', label: t('invites:kind.admin') },
                ]}
                w={{ base: '100%', sm: 360 }}
              />
              <Text size="xs" c="dimmed">
                {t('invites:form.kindHint')}
              </Text>
            </Stack>
          ) : (
            <Alert variant="light" color="gray" icon={<IconInfoCircle aria-hidden />}>
              {t(`invites:kind.${values.kind}`)} — {t('invites:form.kindFixed')}
            </Alert>
          )}
          <TextInput {...props('title')} label={t('invites:form.title')} description={t('invites:form.titleHint')} withAsterisk />
          <Textarea {...props('comment')} label={t('invites:form.comment')} description={t('invites:form.commentHint')} autosize minRows={2} />

          <Divider label={t('invites:form.sections.limits')} labelPosition="left" mt="xs" />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Stack gap={6}>
              <Checkbox {...form.getInputProps('unlimited', { type: 'checkbox' })} label={t('invites:form.unlimited')} />
              <NumberInput
                {...props('maxRegistrations')}
                label={t('invites:form.maxRegistrations')}
                disabled={values.unlimited}
                min={1}
                allowDecimal={false}
                withAsterisk={!values.unlimited}
              />
            </Stack>
            <SuggestedDateInput {...props('deadline')} kind="datetime" label={t('invites:form.deadline')} description={t('invites:form.deadlineHint')} />
          </SimpleGrid>
          {isMember && (
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <NumberInput
                {...props('validDays')}
                label={t('invites:form.validDays')}
                description={t('invites:form.validDaysHint')}
                min={1}
                allowDecimal={false}
              />
              <SuggestedDateInput
                {...props('validUntil')}
                kind="datetime"
                label={t('invites:form.validUntil')}
                description={t('invites:form.validUntilHint')}
              />
            </SimpleGrid>
          )}

          {isMember ? (
            <>
              <Divider label={t('invites:form.sections.join')} labelPosition="left" mt="xs" />
              <MultiSelect
                renderPill={namedPills((title) => t('common:itemPicker.remove', { title }))}
                {...props('groupIds')}
                label={t('invites:form.groups')}
                description={groupsFailed ? t('invites:form.groupsLoadError') : t('invites:form.groupsHint')}
                data={groups ?? []}
                placeholder={groups && groups.length === 0 ? t('invites:form.noGroups') : undefined}
                disabled={!groups || groups.length === 0}
                searchable
                clearable
              />
              <Switch
                {...form.getInputProps('approvalRequired', { type: 'checkbox' })}
                label={t('invites:form.approvalRequired')}
                description={t('invites:form.approvalHint')}
              />
            </>
          ) : (
            <>
              <Divider label={t('invites:form.sections.admin')} labelPosition="left" mt="xs" />
              <Checkbox.Group
                {...props('categories')}
                label={t('invites:form.categories')}
                description={t('invites:form.categoriesHint')}
                withAsterisk
              >
                <SimpleGrid cols={{ base: 1, sm: 3 }} mt="xs">
                  {adminCategories.map((c) => (
                    <Checkbox key={c} value={c} label={t(`invites:categories.${c}`)} />
                  ))}
                </SimpleGrid>
              </Checkbox.Group>
            </>
          )}

          <Divider label={t('invites:form.sections.fields')} labelPosition="left" mt="xs" />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {modeControl('nameField')}
            {isMember && modeControl('phoneField')}
          </SimpleGrid>
          {isMember && (
            <MultiSelect
              renderPill={namedPills((title) => t('common:itemPicker.remove', { title }))}
              {...props('customFieldIds')}
              label={t('invites:form.customFields')}
              description={customFields.length ? t('invites:form.customFieldsHint') : t('invites:form.noCustomFields')}
              data={customFields}
              disabled={customFields.length === 0}
              searchable
              clearable
            />
          )}
          <Switch
            {...form.getInputProps('prefillFromQuery', { type: 'checkbox' })}
            label={t('invites:form.prefill')}
            description={t('invites:form.prefillHint')}
          />

          <Group justify="flex-end" mt="md">
            <Button type="submit" loading={form.submitting}>
              {mode === 'create' ? t('invites:form.submitCreate') : t('invites:form.submitSave')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
