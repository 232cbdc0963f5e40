import { useEffect, useState } from 'react';
import { Alert, Button, Group, MultiSelect, Paper, SegmentedControl, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { MAIL_BODY_MAX_LENGTH } from '../../../../../shared/constants';
import type { SendEmail } from '../../../../../shared/api/calls/send-email';
import { mailSchema } from '../../../../../shared/rules/mail';
import { ApiError } from '../../../lib/api-error';
import { zodFieldErrors } from '../../../lib/form-errors';
import { errorMessage, useTranslation } from '../../../lib/i18n';
import type { AsyncAction } from '../../../lib/async-action';
import { memberLabels, searchMembers, type SendEmailForm as MailValues } from '../api';
import { SuggestedDateInput } from '../../../components/suggested-date-input';
import { namedPills } from '../../../components/named-pills';

/** What the form holds: the recipients of both kinds (switching back keeps a choice) and the time as date + hour. */
export interface SendEmailFormValues {
  title: string;
  subject: string;
  body: string;
  target: 'groups' | 'individual';
  groupIds: string[];
  userIds: string[];
  timing: 'now' | 'scheduled';
  /** `YYYY-MM-DD` in the operator's zone. */
  sendDate: string;
  /** `HH`: scheduled mail goes on the hour (SPEC §9). */
  sendHour: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The next hour from now, as the form's date and hour. */
export function nextHourValues(now = new Date()): Pick<SendEmailFormValues, 'sendDate' | 'sendHour'> {
  const next = new Date(now.getTime());
  next.setMinutes(0, 0, 0);
  next.setHours(next.getHours() + 1);
  return { sendDate: `${next.getFullYear()}-${pad(next.getMonth() + 1)}-${pad(next.getDate())}`, sendHour: pad(next.getHours()) };
}

/** An existing mail as form values. */
export function toFormValues(mail: Pick<SendEmail, 'title' | 'subject' | 'body' | 'recipients' | 'sendAt'>): SendEmailFormValues {
  const at = mail.sendAt ? new Date(mail.sendAt) : undefined;
  return {
    title: mail.title,
    subject: mail.subject,
    body: mail.body,
    target: mail.recipients.target,
    groupIds: mail.recipients.target === 'groups' ? [...mail.recipients.groupIds] : [],
    userIds: mail.recipients.target === 'individual' ? [...mail.recipients.userIds] : [],
    timing: at ? 'scheduled' : 'now',
    ...(at ? { sendDate: `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`, sendHour: pad(at.getHours()) } : nextHourValues()),
  };
}

/** The call's input: the chosen kind of recipients, and the time on the hour in the operator's zone. */
export function toMailInput(v: SendEmailFormValues): MailValues {
  const recipients = v.target === 'groups' ? { target: 'groups' as const, groupIds: v.groupIds } : { target: 'individual' as const, userIds: v.userIds };
  const scheduled = v.timing === 'scheduled' && v.target === 'groups';
  const local = scheduled && v.sendDate ? new Date(`${v.sendDate}T${v.sendHour}:00`) : undefined;
  return {
    title: v.title.trim(),
    subject: v.subject.trim(),
    body: v.body,
    recipients,
    ...(scheduled ? { sendAt: local && !Number.isNaN(local.getTime()) ? local.toISOString() : '' } : {}),
  };
}

/** Server and schema field paths -> the form field that shows them. */
const formField = (path: string) =>
  path.startsWith('recipients') ? 'recipients' : path === 'sendAt' ? 'sendDate' : path;

interface SendEmailFormProps {
  initial: SendEmailFormValues;
  groups: { value: string; label: string }[];
  submitLabel: (values: SendEmailFormValues) => string;
  onSubmit: AsyncAction<[form: MailValues]>;
}

const hours = Array.from({ length: 24 }, (_, h) => ({ value: pad(h), label: `${pad(h)}:00` }));

/** SPEC §3 Mail: title, subject, body (§5: up to 2000), recipients (members or groups), now or on an hour. */
export function SendEmailForm({ initial, groups, submitLabel, onSubmit }: SendEmailFormProps) {
  const { t } = useTranslation();
  const form = useForm<SendEmailFormValues>({
    initialValues: initial,
    validate: (v) => {
      const fields: Record<string, string> = {};
      for (const [path, code] of Object.entries(zodFieldErrors(mailSchema(), toMailInput(v)))) fields[formField(path)] ??= code;
      return fields;
    },
  });
  const [memberOptions, setMemberOptions] = useState<{ value: string; label: string }[]>([]);
  const [search, setSearch] = useState('');

  // Chosen members keep their labels; the search adds matches next to them.
  useEffect(() => {
    if (initial.userIds.length) void memberLabels(initial.userIds).then((labels) => setMemberOptions((o) => merge(o, labels)));
  }, [initial.userIds]);
  useEffect(() => {
    const term = search.trim();
    if (!term) return;
    const timer = setTimeout(() => void searchMembers(term).then((found) => setMemberOptions((o) => merge(o, found)), () => undefined), 250);
    return () => clearTimeout(timer);
  }, [search]);

  const submit = form.onSubmit(async (values) => {
    try {
      await onSubmit(toMailInput(values));
    } catch (error) {
      if (error instanceof ApiError) for (const [field, code] of Object.entries(error.fields)) form.setFieldError(formField(field), code);
    }
  });
  const message = (field: string) => {
    const code = form.errors[field];
    return typeof code === 'string' ? errorMessage(code) : undefined;
  };
  const v = form.values;
  return (
    <Paper withBorder p="lg" radius="md" maw={760}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack>
          <TextInput {...form.getInputProps('title')} error={message('title')} label={t('sendemail:fields.title')} description={t('sendemail:fields.titleHelp')} withAsterisk />
          <TextInput {...form.getInputProps('subject')} error={message('subject')} label={t('sendemail:fields.subject')} withAsterisk />
          <Textarea
            {...form.getInputProps('body')}
            error={message('body')}
            label={t('sendemail:fields.body')}
            description={t('sendemail:fields.bodyCount', { count: v.body.length, max: MAIL_BODY_MAX_LENGTH })}
            autosize
            minRows={8}
            withAsterisk
          />
          <Stack gap={6}>
            <Text fw={500} size="sm" id="send-email-target">
              {t('sendemail:fields.recipients')}
            </Text>
            <SegmentedControl
              aria-labelledby="send-email-target"
              value={v.target}
              onChange={(value) => {
                form.setFieldValue('target', value as SendEmailFormValues['target']);
                form.clearFieldError('recipients');
              }}
              data={[
                { value: 'groups', label: t('sendemail:fields.targetGroups') },
                { value: 'individual', label: t('sendemail:fields.targetIndividual') },
              ]}
            />
            {v.target === 'groups' ? (
              <MultiSelect
                renderPill={namedPills((title) => t('common:itemPicker.remove', { title }))}
                value={v.groupIds}
                onChange={(ids) => {
                  form.setFieldValue('groupIds', ids);
                  form.clearFieldError('recipients');
                }}
                error={message('recipients')}
                aria-label={t('sendemail:fields.groups')}
                placeholder={v.groupIds.length ? undefined : t('sendemail:fields.groupsPlaceholder')}
                data={groups}
                searchable
                clearable
                comboboxProps={{ withinPortal: true }}
                nothingFoundMessage={t('sendemail:fields.noGroups')}
              />
            ) : (
              <MultiSelect
                renderPill={namedPills((title) => t('common:itemPicker.remove', { title }))}
                value={v.userIds}
                onChange={(ids) => {
                  form.setFieldValue('userIds', ids);
                  form.clearFieldError('recipients');
                }}
                error={message('recipients')}
                aria-label={t('sendemail:fields.members')}
                placeholder={v.userIds.length ? undefined : t('sendemail:fields.membersPlaceholder')}
                data={memberOptions}
                searchable
                searchValue={search}
                onSearchChange={setSearch}
                filter={({ options }) => options}
                comboboxProps={{ withinPortal: true }}
                nothingFoundMessage={search.trim() ? t('sendemail:fields.noMembers') : t('sendemail:fields.typeToSearch')}
              />
            )}
          </Stack>
          <Stack gap={6}>
            <Text fw={500} size="sm" id="send-email-timing">
              {t('sendemail:fields.timing')}
            </Text>
            <SegmentedControl
              aria-labelledby="send-email-timing"
              value={v.target === 'individual' ? 'now' : v.timing}
              disabled={v.target === 'individual'}
              onChange={(value) => form.setFieldValue('timing', value as SendEmailFormValues['timing'])}
              data={[
                { value: 'now', label: t('sendemail:fields.timingNow') },
                { value: 'scheduled', label: t('sendemail:fields.timingScheduled') },
              ]}
            />
            {v.target === 'individual' && (
              <Text size="sm" c="dimmed">
                {t('sendemail:fields.individualNow')}
              </Text>
            )}
            {v.target === 'groups' && v.timing === 'scheduled' && (
              <SimpleGrid cols={{ base: 1, xs: 2 }}>
                <SuggestedDateInput {...form.getInputProps('sendDate')} error={message('sendDate')} kind="date" label={t('sendemail:fields.sendDate')} withAsterisk />
                <Select
                  {...form.getInputProps('sendHour')}
                  label={t('sendemail:fields.sendHour')}
                  description={t('sendemail:fields.sendHourHelp')}
                  data={hours}
                  allowDeselect={false}
                  comboboxProps={{ withinPortal: true }}
                  withAsterisk
                />
              </SimpleGrid>
            )}
          </Stack>
          {form.errors._ && <Alert color="red">{message('_')}</Alert>}
          <Group justify="flex-end">
            <Button type="submit" loading={form.submitting}>
              {submitLabel(v)}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function merge(a: { value: string; label: string }[], b: { value: string; label: string }[]) {
  const byValue = new Map(a.map((o) => [o.value, o]));
  for (const o of b) byValue.set(o.value, o);
  return [...byValue.values()];
}
