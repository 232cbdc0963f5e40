import { Alert, MultiSelect, Select, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { customMailTemplateCreateInput } from '../../../../../shared/api/calls/mail-templates';
import { autoMailEvents, type AutoMailEvent } from '../../../../../shared/constants';
import { ApiError } from '../../../lib/api-error';
import type { AsyncAction } from '../../../lib/async-action';
import { zodFieldErrors } from '../../../lib/form-errors';
import { errorMessage, useTranslation } from '../../../lib/i18n';
import { useCatalogueChoices, useInvitationChoices, type Choice } from '../../../lib/event-object-choices';
import type { CustomMailForm as CustomMailValues } from '../api';
import { TemplateTextFields } from './template-text-fields';
import { FormCard } from '../../../components/admin-page/form-actions';
import { namedPills } from '../../../components/named-pills';

interface CustomMailFormProps {
  initial?: CustomMailValues;
  variables: string[] | undefined;
  submitLabel: string;
  /** Throws when the save failed (after telling the reader). */
  onSubmit: AsyncAction<[form: CustomMailValues]>;
}

type Values = Omit<CustomMailValues, 'eventType'> & { eventType: AutoMailEvent | '' };

const empty: Values = { title: '', eventType: '', objectIds: [], subject: '', body: '', enabled: true };

/** The server names the exact object (`objectIds.2`); the form shows it under the picker. */
const fieldOf = (path: string) => (path.startsWith('objectIds') ? 'objectIds' : path);

const isInvitationEvent = (e: AutoMailEvent | '') => e === 'welcome' || e === 'approval';

/**
 * The objects of the chosen event type: invitations for welcome and approval, products and prices for the purchase
 * events. Ids saved earlier that are no longer listed (deleted since, or not readable by this administrator) stay
 * choosable under their id, so an edit does not drop them silently.
 */
function useObjectChoices(eventType: AutoMailEvent | '', selected: readonly string[]) {
  const invitations = useInvitationChoices(isInvitationEvent(eventType));
  const catalogue = useCatalogueChoices(eventType !== '' && !isInvitationEvent(eventType));
  const catalogueList = catalogue.data && [...catalogue.data.products, ...catalogue.data.prices];
  const source = isInvitationEvent(eventType) ? invitations : { data: catalogueList, error: catalogue.error as unknown };
  const listed: Choice[] = source.data ?? [];
  const extra = selected.filter((id) => !listed.some((c) => c.value === id)).map((id) => ({ value: id, label: id }));
  return { data: eventType && source.data ? [...listed, ...extra] : undefined, error: eventType ? source.error : undefined };
}

/** SPEC §3 Custom auto mail: title, event type, objects, subject, body and status. */
export function CustomMailForm({ initial, variables, submitLabel, onSubmit }: CustomMailFormProps) {
  const { t } = useTranslation('mailtemplates');
  const form = useForm<Values>({ initialValues: initial ?? empty, validate: (v) => zodFieldErrors(customMailTemplateCreateInput, v) });
  const objects = useObjectChoices(form.values.eventType, form.values.objectIds);
  const submit = form.onSubmit(async (values) => {
    try {
      await onSubmit({ ...values, eventType: values.eventType as AutoMailEvent, title: values.title.trim(), subject: values.subject.trim() });
    } catch (error) {
      // The page already told the reader (toast); field errors also show in place.
      if (error instanceof ApiError) for (const [field, code] of Object.entries(error.fields)) form.setFieldError(fieldOf(field), code);
    }
  });
  const message = (field: string) => {
    const code = form.errors[field];
    return typeof code === 'string' ? errorMessage(code) : undefined;
  };
  const eventType = form.values.eventType;

  return (
    <FormCard onSubmit={(e) => void submit(e)} maw={760} p={{ base: 'sm', sm: 'lg' }} submitLabel={submitLabel} submitting={form.submitting}>
      <TextInput {...form.getInputProps('title')} error={message('title')} label={t('fields.title')} description={t('fields.titleHelp')} withAsterisk />
      <Select
        value={eventType || null}
        onChange={(value) => {
          const next = (value ?? '') as AutoMailEvent | '';
          // The objects belong to the event type: another type's objects mean nothing.
          if (isInvitationEvent(next) !== isInvitationEvent(eventType) || next === '') form.setFieldValue('objectIds', []);
          form.setFieldValue('eventType', next);
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
        {...form.getInputProps('objectIds')}
        error={message('objectIds')}
        label={t('fields.objects')}
        description={eventType ? t(`fields.objectsHelp.${eventType}`) : t('fields.objectsChooseEvent')}
        placeholder={eventType && objects.data?.length === 0 ? t('fields.objectsNone') : undefined}
        data={objects.data ?? []}
        disabled={!eventType || objects.data === undefined}
        searchable
        clearable
        withAsterisk
        comboboxProps={{ withinPortal: true }}
      />
      {objects.error !== undefined && (
        <Alert color="yellow" variant="light" title={t('fields.objectsUnavailable')}>
          {errorMessage(objects.error)}
        </Alert>
      )}
      <TemplateTextFields
        idPrefix="custom-mail"
        subject={form.values.subject}
        body={form.values.body}
        onChange={(field, value) => form.setFieldValue(field, value)}
        errors={{ subject: message('subject'), body: message('body') }}
        variables={variables}
      />
      <Switch {...form.getInputProps('enabled', { type: 'checkbox' })} label={t('fields.enabled')} description={t('fields.enabledHelp')} />
    </FormCard>
  );
}
