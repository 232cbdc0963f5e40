import { ActionIcon, Alert, Button, Group, MultiSelect, NumberInput, Paper, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { workflowInput, type Workflow } from '../../../../../shared/api/calls/workflows';
import { autoMailEvents, type AutoMailEvent } from '../../../../../shared/constants';
import type { WorkflowAction } from '../../../../../shared/rules/workflow';
import { ApiError } from '../../../lib/api-error';
import type { AsyncAction } from '../../../lib/async-action';
import { zodFieldErrors } from '../../../lib/form-errors';
import { errorMessage, useTranslation } from '../../../lib/i18n';
import type { Choice, WorkflowValues } from '../api';
import { FormCard } from '../../../components/admin-page/form-actions';
import { namedPills } from '../../../components/named-pills';

type ActionType = WorkflowAction['type'];
const actionTypes: readonly ActionType[] = ['joinGroups', 'leaveGroups', 'sendMail'];

/** One action as the form holds it: both kinds' fields, the unused one ignored on save. */
interface FormAction {
  type: ActionType;
  groupIds: string[];
  mailTemplateId: string;
}

interface FormValues {
  title: string;
  eventType: AutoMailEvent | '';
  waitDays: number | string;
  targetIds: string[];
  actions: FormAction[];
  enabled: boolean;
}

export interface WorkflowChoices {
  /** The objects of the chosen event type (invitations, or products and prices); undefined while loading. */
  targets: Choice[] | undefined;
  /** Why targets cannot be chosen (no Stripe account, no billing category), as a message. */
  targetsUnavailable?: string;
  groups: Choice[];
  templates: Choice[];
}

type Stored = Pick<Workflow, 'title' | 'eventType' | 'waitDays' | 'targetIds' | 'actions' | 'enabled'>;

interface WorkflowFormProps {
  initial?: Stored;
  /** The choices for the event type the form last reported (the page loads a purchase event's products and prices). */
  choices: WorkflowChoices;
  onEventTypeChange: (eventType: AutoMailEvent | '') => void;
  submitLabel: string;
  /** Throws when the save failed (after telling the reader). */
  onSubmit: AsyncAction<[form: WorkflowValues]>;
}

const newAction = (): FormAction => ({ type: 'joinGroups', groupIds: [], mailTemplateId: '' });

const toForm = (v: Stored | undefined): FormValues =>
  v
    ? {
        title: v.title,
        eventType: v.eventType,
        waitDays: v.waitDays,
        targetIds: [...v.targetIds],
        enabled: v.enabled,
        actions: v.actions.map((a) =>
          a.type === 'sendMail' ? { type: a.type, groupIds: [], mailTemplateId: a.mailTemplateId } : { type: a.type, groupIds: [...a.groupIds], mailTemplateId: '' },
        ),
      }
    : { title: '', eventType: '', waitDays: 0, targetIds: [], actions: [newAction()], enabled: true };

const toValues = (f: FormValues) => ({
  title: f.title.trim(),
  eventType: f.eventType,
  waitDays: typeof f.waitDays === 'number' ? f.waitDays : f.waitDays === '' ? Number.NaN : Number(f.waitDays),
  targetIds: f.targetIds,
  actions: f.actions.map((a): WorkflowAction => (a.type === 'sendMail' ? { type: a.type, mailTemplateId: a.mailTemplateId } : { type: a.type, groupIds: a.groupIds })),
  enabled: f.enabled,
});

/**
 * Where a field's message shows: a target's under the targets, a group's under its action's groups
 * (the server names the exact item, `targetIds.2`, `actions.0.groupIds.1`).
 */
const fieldOf = (path: string) => path.replace(/^targetIds\.\d+$/, 'targetIds').replace(/^(actions\.\d+\.groupIds)\.\d+$/, '$1');

/** SPEC §3 Workflow: title, event type, wait days, targets, actions (groups or a mail template), enabled. */
export function WorkflowForm({ initial, choices, onEventTypeChange, submitLabel, onSubmit }: WorkflowFormProps) {
  const { t } = useTranslation('workflows');
  const form = useForm<FormValues>({
    initialValues: toForm(initial),
    validate: (v) => {
      const errors: Record<string, string> = {};
      for (const [path, code] of Object.entries(zodFieldErrors(workflowInput, toValues(v)))) errors[fieldOf(path)] ??= code;
      return errors;
    },
  });
  const submit = form.onSubmit(async (values) => {
    try {
      await onSubmit(toValues(values) as WorkflowValues);
    } catch (error) {
      // The page already told the reader (toast); field errors also show in place.
      if (error instanceof ApiError) {
        for (const [field, code] of Object.entries(error.fields)) form.setFieldError(fieldOf(field), code);
      }
    }
  });
  const message = (field: string) => {
    const code = form.errors[field];
    return typeof code === 'string' ? errorMessage(code) : undefined;
  };

  return (
    <FormCard onSubmit={(e) => void submit(e)} maw={760} p={{ base: 'sm', sm: 'lg' }} submitLabel={submitLabel} submitting={form.submitting}>
      <TextInput {...form.getInputProps('title')} error={message('title')} label={t('fields.title')} withAsterisk />
      <Select
        {...form.getInputProps('eventType')}
        onChange={(value) => {
          form.setFieldValue('eventType', (value ?? '') as AutoMailEvent | '');
          onEventTypeChange((value ?? '') as AutoMailEvent | '');
          // The objects belong to the event: another event's targets mean nothing.
          if (value !== form.values.eventType) form.setFieldValue('targetIds', []);
        }}
        error={message('eventType')}
        label={t('fields.eventType')}
        placeholder={t('fields.eventTypePlaceholder')}
        data={autoMailEvents.map((e) => ({ value: e, label: t(`events.${e}`) }))}
        allowDeselect={false}
        withAsterisk
        comboboxProps={{ withinPortal: true }}
      />
      <MultiSelect
        renderPill={namedPills((title) => t('common:itemPicker.remove', { title }))}
        {...form.getInputProps('targetIds')}
        error={message('targetIds')}
        label={t('fields.targets')}
        description={form.values.eventType ? t(`fields.targetsHelp.${form.values.eventType}`) : t('fields.targetsChooseEvent')}
        data={choices.targets ?? []}
        disabled={!form.values.eventType || choices.targets === undefined}
        searchable
        clearable
        withAsterisk
        comboboxProps={{ withinPortal: true }}
      />
      {form.values.eventType && choices.targetsUnavailable && (
        <Alert color="yellow" variant="light" title={t('fields.targetsUnavailable')}>
          {choices.targetsUnavailable}
        </Alert>
      )}
      <NumberInput
        {...form.getInputProps('waitDays')}
        error={message('waitDays')}
        label={t('fields.waitDays')}
        description={t('fields.waitDaysHelp')}
        min={0}
        step={1}
        allowDecimal={false}
        allowNegative={false}
        maw={240}
        withAsterisk
      />
      <Stack gap="xs">
        <Text fw={500} size="sm">
          {t('fields.actions')}{' '}
          <Text span c="red" inherit aria-hidden>
            *
          </Text>
        </Text>
        {form.values.actions.map((action, i) => (
          <Paper key={i} withBorder p="sm" radius="sm" aria-label={t('fields.actionNumber', { number: i + 1 })} component="section">
            <Stack gap="xs">
              <Group align="flex-end" wrap="nowrap" gap="xs">
                <Select
                  {...form.getInputProps(`actions.${i}.type`)}
                  label={t('fields.actionType', { number: i + 1 })}
                  data={actionTypes.map((a) => ({ value: a, label: t(`actionTypes.${a}`) }))}
                  allowDeselect={false}
                  style={{ flex: 1 }}
                  comboboxProps={{ withinPortal: true }}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  mb={2}
                  aria-label={t('actions.removeAction', { number: i + 1 })}
                  disabled={form.values.actions.length === 1}
                  onClick={() => form.removeListItem('actions', i)}
                >
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              </Group>
              {action.type === 'sendMail' ? (
                <Select
                  {...form.getInputProps(`actions.${i}.mailTemplateId`)}
                  onChange={(value) => form.setFieldValue(`actions.${i}.mailTemplateId`, value ?? '')}
                  error={message(`actions.${i}.mailTemplateId`)}
                  label={t('fields.template')}
                  description={choices.templates.length === 0 ? t('fields.noTemplates') : undefined}
                  data={choices.templates}
                  searchable
                  withAsterisk
                  comboboxProps={{ withinPortal: true }}
                />
              ) : (
                <MultiSelect
                  renderPill={namedPills((title) => t('common:itemPicker.remove', { title }))}
                  {...form.getInputProps(`actions.${i}.groupIds`)}
                  error={message(`actions.${i}.groupIds`)}
                  label={t('fields.groups')}
                  description={choices.groups.length === 0 ? t('fields.noGroups') : undefined}
                  data={choices.groups}
                  searchable
                  clearable
                  withAsterisk
                  comboboxProps={{ withinPortal: true }}
                />
              )}
            </Stack>
          </Paper>
        ))}
        {message('actions') && (
          <Text size="sm" c="red">
            {message('actions')}
          </Text>
        )}
        <Group>
          <Button variant="light" leftSection={<IconPlus size={16} aria-hidden />} onClick={() => form.insertListItem('actions', newAction())}>
            {t('actions.addAction')}
          </Button>
        </Group>
      </Stack>
      <Switch {...form.getInputProps('enabled', { type: 'checkbox' })} label={t('fields.enabled')} description={t('fields.enabledHelp')} />
    </FormCard>
  );
}
