import { Alert, Button, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { checkCustomFieldAnswers } from '../../../../../shared/api/calls/custom-fields';
import { joinInput, type JoinInput, type JoinResult, type PublicInvite } from '../../../../../shared/api/calls/invites';
import { COMPLEX_PASSWORD_MIN_LENGTH, PASSWORD_MIN_LENGTH } from '../../../../../shared/constants';
import { checkPassword } from '../../../../../shared/rules/password';
import { ApiError, errorCodeOf } from '../../../lib/api-error';
import { zodFieldErrors } from '../../../lib/form-errors';
import { errorMessage, useTranslation } from '../../../lib/i18n';
import { isLanguage } from '../../../lib/language';
import { toast } from '../../../lib/toast';
import { join } from '../api';
import type { AsyncAction } from '../../../lib/async-action';
import { CustomFieldControl } from '../../../components/custom-field-control';

type Answer = string | number | string[];

interface JoinValues {
  email: string;
  password: string;
  passwordConfirmation: string;
  name: string;
  phone: string;
  customFields: Record<string, Answer>;
}

/** Values from the link's query when the invitation allows it (`?name=…&email=…&phone=…&<fieldId>=…`). */
function prefilled(invite: PublicInvite, query: URLSearchParams): JoinValues {
  const use = invite.prefillFromQuery;
  const from = (key: string) => (use ? (query.get(key) ?? '') : '');
  const customFields: Record<string, Answer> = {};
  for (const field of invite.customFields) {
    const raw = from(field.fieldId);
    if (field.type === 'checkbox') customFields[field.fieldId] = raw ? raw.split(',').filter((o) => field.options.includes(o)) : [];
    else if (field.type === 'number') customFields[field.fieldId] = raw !== '' && Number.isFinite(Number(raw)) ? Number(raw) : '';
    else customFields[field.fieldId] = raw;
  }
  return { email: from('email'), password: '', passwordConfirmation: '', name: from('name'), phone: from('phone'), customFields };
}

interface JoinFormProps {
  invite: PublicInvite;
  query: URLSearchParams;
  redirectPath?: string;
  /** Runs once the account exists, with what was typed (to sign in). */
  onJoined: AsyncAction<[result: JoinResult, credentials: { email: string; password: string }]>;
  /** The invitation stopped being usable while the form was open. */
  onInviteGone: (code: string) => void;
}

/** SPEC §2 /join/user/:inviteId and /join/admin/:inviteId: the fields the invitation asks, checked as the server will. */
export function JoinForm({ invite, query, redirectPath, onJoined, onInviteGone }: JoinFormProps) {
  const { t, i18n } = useTranslation();
  const [failure, setFailure] = useState<string>();
  const language = isLanguage(i18n.language) ? i18n.language : 'ja';
  const minLength = invite.complexPassword ? COMPLEX_PASSWORD_MIN_LENGTH : PASSWORD_MIN_LENGTH;

  const toInput = (v: JoinValues): JoinInput => ({
    inviteId: invite.inviteId,
    kind: invite.kind,
    email: v.email,
    password: v.password,
    passwordConfirmation: v.passwordConfirmation,
    ...(invite.nameField !== 'hidden' ? { name: v.name } : {}),
    ...(invite.phoneField !== 'hidden' && v.phone.trim() ? { phone: v.phone } : {}),
    customFields: v.customFields,
    language,
    ...(redirectPath ? { redirectPath } : {}),
  });

  const form = useForm<JoinValues>({
    initialValues: prefilled(invite, query),
    // The call's schema plus what this invitation requires, as the server checks them.
    validate: (values) => {
      const errors: Record<string, string> = zodFieldErrors(joinInput, toInput(values));
      if (invite.nameField === 'required' && values.name.trim() === '') errors.name ??= 'validation/required';
      if (invite.phoneField === 'required' && values.phone.trim() === '') errors.phone ??= 'validation/required';
      const weak = checkPassword(values.password, { complex: invite.complexPassword });
      // The complex rule is only shown for new accounts; an existing account's password is checked by the server.
      if (weak && !errors.password && weak !== 'validation/password_too_weak') errors.password = weak;
      for (const issue of checkCustomFieldAnswers(invite.customFields, values.customFields).issues) errors[issue.path.join('.')] ??= issue.code;
      return errors;
    },
  });

  const error = (path: string) => {
    const code = form.errors[path];
    return typeof code === 'string' ? errorMessage(code, { min: minLength }) : undefined;
  };
  const props = (path: string) => {
    const message = error(path);
    return { ...form.getInputProps(path), error: message, 'aria-invalid': message ? true : undefined };
  };

  const submit = form.onSubmit(async (values) => {
    setFailure(undefined);
    let result: JoinResult;
    try {
      result = await join(toInput(values));
    } catch (e) {
      const code = errorCodeOf(e);
      if (code.startsWith('invite/')) {
        onInviteGone(code);
        return;
      }
      if (e instanceof ApiError && Object.keys(e.fields).length) form.setErrors(e.fields);
      else setFailure(code);
      toast.error(errorMessage(e, { min: minLength }));
      return;
    }
    await onJoined(result, { email: values.email, password: values.password });
  });

  return (
    <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 'xl' }} radius="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <div>
            <Title order={1} size="h2">
              {t(invite.kind === 'admin' ? 'invites:join.adminTitle' : 'invites:join.userTitle', { siteName: invite.siteName })}
            </Title>
            <Text fw={500} mt={6}>
              {invite.title}
            </Text>
            {invite.comment && (
              <Text size="sm" c="dimmed" mt={4} style={{ whiteSpace: 'pre-line' }}>
                {invite.comment}
              </Text>
            )}
          </div>
          {invite.approvalRequired && (
            <Alert variant="light" icon={<IconInfoCircle aria-hidden />}>
              {t('invites:join.approvalNotice')}
            </Alert>
          )}
          {failure && (
            <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
              {errorMessage(failure)}
            </Alert>
          )}
          <TextInput {...props('email')} label={t('invites:join.email')} type="email" autoComplete="email" withAsterisk />
          <PasswordInput
            {...props('password')}
            label={t('invites:join.password')}
            description={t(invite.complexPassword ? 'invites:join.complexPasswordHint' : 'invites:join.passwordHint', { min: minLength })}
            autoComplete="new-password"
            visibilityToggleButtonProps={{ 'aria-label': t('invites:join.showPassword') }}
            withAsterisk
          />
          <PasswordInput
            {...props('passwordConfirmation')}
            label={t('invites:join.passwordConfirmation')}
            autoComplete="new-password"
            visibilityToggleButtonProps={{ 'aria-label': t('invites:join.showPasswordConfirmation') }}
            withAsterisk
          />
          {invite.nameField !== 'hidden' && (
            <TextInput {...props('name')} label={t('invites:join.name')} autoComplete="name" withAsterisk={invite.nameField === 'required'} />
          )}
          {invite.phoneField !== 'hidden' && (
            <TextInput
              {...props('phone')}
              label={t('invites:join.phone')}
              type="tel"
              autoComplete="tel"
              withAsterisk={invite.phoneField === 'required'}
            />
          )}
          {invite.customFields.map((field) => (
            <CustomFieldControl
              key={field.fieldId}
              field={field}
              input={form.getInputProps(`customFields.${field.fieldId}`)}
              error={error(`customFields.${field.fieldId}`)}
              choose={t('invites:join.choose')}
            />
          ))}
          <Button type="submit" loading={form.submitting} size="md" fullWidth mt="xs">
            {t('invites:join.submit')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
