import { Alert, Anchor, Button, Checkbox, Divider, Group, PasswordInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { registerOperatorInput } from '../../../../../shared/api/calls/teams';
import { PASSWORD_MIN_LENGTH } from '../../../../../shared/rules/account';
import { ApiError, errorCodeOf } from '../../../lib/api-error';
import { zodFieldErrors } from '../../../lib/form-errors';
import { errorMessage, useTranslation } from '../../../lib/i18n';
import { isLanguage } from '../../../lib/language';
import { toast } from '../../../lib/toast';
import { registerOperator } from '../api';
import { TermsModal } from './terms-modal';
import type { AsyncAction } from '../../../lib/async-action';
import { AuthCard } from '../../../components/auth-card';

interface RegisterValues {
  email: string;
  password: string;
  passwordConfirmation: string;
  name: string;
  companyName: string;
  siteName: string;
  phone: string;
  agreeToTerms: boolean;
}

/** Screen order: the first invalid one gets the focus. */
const fieldOrder: (keyof RegisterValues)[] = [
  'email',
  'password',
  'passwordConfirmation',
  'name',
  'companyName',
  'siteName',
  'phone',
  'agreeToTerms',
];

interface RegisterFormProps {
  /** Runs once the account exists; it signs in with the same credentials. Its failures are its own. */
  onRegistered: AsyncAction<[credentials: { email: string; password: string }]>;
}

/** SPEC §2 /register: a new operator, their site (on trial) and its first administrator. */
export function RegisterForm({ onRegistered }: RegisterFormProps) {
  const { t, i18n } = useTranslation();
  const [termsOpen, setTermsOpen] = useState(false);
  const [failure, setFailure] = useState<string>();
  const language = isLanguage(i18n.language) ? i18n.language : 'ja';

  const form = useForm<RegisterValues>({
    initialValues: {
      email: '',
      password: '',
      passwordConfirmation: '',
      name: '',
      companyName: '',
      siteName: '',
      phone: '',
      agreeToTerms: false,
    },
    // The server validates with this same schema; checking here saves a round trip, not a rule.
    validate: (values) => zodFieldErrors(registerOperatorInput, { ...values, language }),
    validateInputOnBlur: true,
  });

  const fieldError = (field: keyof RegisterValues) => {
    const code = form.errors[field];
    return typeof code === 'string' ? errorMessage(code, { min: PASSWORD_MIN_LENGTH }) : undefined;
  };
  const focusFirstInvalid = (errors: Record<string, unknown>) => {
    const first = fieldOrder.find((field) => errors[field]);
    if (first) form.getInputNode(first)?.focus();
  };

  const submit = form.onSubmit(async (values) => {
    setFailure(undefined);
    const input = registerOperatorInput.parse({ ...values, language });
    try {
      await registerOperator(input);
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) {
        form.setErrors(error.fields);
        focusFirstInvalid(error.fields);
      } else if (error instanceof ApiError && error.code === 'auth/email_already_registered') {
        form.setFieldError('email', error.code);
        focusFirstInvalid({ email: error.code });
      } else {
        setFailure(errorCodeOf(error));
      }
      toast.error(errorMessage(error));
      return;
    }
    await onRegistered({ email: values.email, password: values.password });
  }, focusFirstInvalid);

  const fieldProps = (field: keyof RegisterValues) => {
    const error = fieldError(field);
    // PasswordInput does not mark its inner <input> invalid by itself; screen readers need it.
    return { ...form.getInputProps(field), error, 'aria-invalid': error ? true : undefined };
  };

  return (
    <>
      <AuthCard title={t('auth:register.title')} subtitle={t('auth:register.subtitle')} onSubmit={submit}>
        {failure && (
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
            {errorMessage(failure)}
          </Alert>
        )}

        <Divider label={t('auth:register.accountSection')} labelPosition="left" />
        <TextInput
          {...fieldProps('email')}
          label={t('auth:fields.email')}
          type="email"
          autoComplete="email"
          withAsterisk
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <PasswordInput
            {...fieldProps('password')}
            label={t('auth:fields.password')}
            description={t('auth:register.passwordHint', { min: PASSWORD_MIN_LENGTH })}
            autoComplete="new-password"
            visibilityToggleButtonProps={{ 'aria-label': t('auth:fields.showPassword') }}
            withAsterisk
          />
          <PasswordInput
            {...fieldProps('passwordConfirmation')}
            label={t('auth:fields.passwordConfirmation')}
            description={t('auth:register.passwordConfirmationHint')}
            autoComplete="new-password"
            visibilityToggleButtonProps={{ 'aria-label': t('auth:fields.showPasswordConfirmation') }}
            withAsterisk
          />
        </SimpleGrid>

        <Divider label={t('auth:register.siteSection')} labelPosition="left" mt="xs" />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput {...fieldProps('name')} label={t('auth:fields.name')} autoComplete="name" withAsterisk />
          <TextInput
            {...fieldProps('companyName')}
            label={t('auth:fields.companyName')}
            autoComplete="organization"
            withAsterisk
          />
          <TextInput
            {...fieldProps('siteName')}
            label={t('auth:fields.siteName')}
            description={t('auth:register.siteNameHint')}
            withAsterisk
          />
          <TextInput
            {...fieldProps('phone')}
            label={t('auth:fields.phone')}
            description={t('auth:register.phoneHint')}
            type="tel"
            autoComplete="tel"
            withAsterisk
          />
        </SimpleGrid>

        <Stack gap={4} mt="xs">
          <Checkbox
            {...form.getInputProps('agreeToTerms', { type: 'checkbox' })}
            error={fieldError('agreeToTerms')}
            label={t('auth:register.agreeToTerms')}
          />
          <Anchor component="button" type="button" size="sm" ml={32} ta="left" onClick={() => setTermsOpen(true)}>
            {t('auth:register.readTerms')}
          </Anchor>
        </Stack>

        <Button type="submit" loading={form.submitting} size="md" fullWidth>
          {t('auth:register.submit')}
        </Button>
        <Group justify="center" gap={6}>
          <Text size="sm">{t('auth:register.hasAccount')}</Text>
          <Anchor component={Link} to="/login" size="sm">
            {t('auth:register.loginLink')}
          </Anchor>
        </Group>
      </AuthCard>
      <TermsModal opened={termsOpen} onClose={() => setTermsOpen(false)} />
    </>
  );
}
