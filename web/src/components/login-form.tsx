import { Alert, Anchor, Button, PasswordInput, PinInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { errorCodeOf } from '../lib/api-error';
import { confirmTotpSignIn, signInWithPassword } from '../lib/auth';
import { errorMessage, useTranslation } from '../lib/i18n';
import { toast } from '../lib/toast';
import { AuthCard } from './auth-card';

interface LoginFormProps {
  /** A refusal that happened after sign-in (e.g. a member account): its code, shown until the next attempt. */
  notice?: string;
  /** Values of the notice's message (e.g. the deletion date of a cancelled account). */
  noticeValues?: Record<string, string>;
  onSignedIn: () => void;
  /** The member login shows the site's name and its own texts; the admin login uses the defaults. */
  title?: string;
  subtitle?: string;
  /** Where "forgot your password" leads (with the team for a member login). */
  resetPasswordPath?: string;
  footer?: ReactNode;
}

interface LoginValues {
  email: string;
  password: string;
}

const requiredFields = (values: LoginValues) => ({
  email: values.email.trim() ? null : 'validation/required',
  password: values.password ? null : 'validation/required',
});

/** SPEC §2 /login and /login/:teamId: e-mail and password, then the authenticator code when the account has one. */
export function LoginForm({ notice, noticeValues, onSignedIn, title, subtitle, resetPasswordPath = '/request_reset_password', footer }: LoginFormProps) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<string | undefined>(notice);
  const [failureValues, setFailureValues] = useState(noticeValues);
  const [step, setStep] = useState<'password' | 'totpCode'>('password');
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const [confirming, setConfirming] = useState(false);
  const form = useForm<LoginValues>({ initialValues: { email: '', password: '' }, validate: requiredFields });
  const fieldError = (field: keyof LoginValues) => {
    const fieldCode = form.errors[field];
    return typeof fieldCode === 'string' ? errorMessage(fieldCode) : undefined;
  };

  const fail = (error: unknown) => {
    const errorCode = errorCodeOf(error);
    setFailure(errorCode);
    toast.error(errorMessage(errorCode));
  };

  const submit = form.onSubmit(async ({ email, password }) => {
    setFailure(undefined);
    setFailureValues(undefined);
    try {
      const next = await signInWithPassword(email, password);
      if (next === 'totpCode') setStep('totpCode');
      else onSignedIn();
    } catch (error) {
      fail(error);
    }
  });

  const submitCode = async (event: React.FormEvent) => {
    event.preventDefault();
    setFailure(undefined);
    if (!/^[0-9]{6}$/.test(code)) {
      setCodeError(code ? 'validation/invalid_two_factor_code' : 'validation/required');
      return;
    }
    setCodeError(undefined);
    setConfirming(true);
    try {
      await confirmTotpSignIn(code);
      onSignedIn();
    } catch (error) {
      setCode('');
      fail(error);
    } finally {
      setConfirming(false);
    }
  };

  const alert = failure && (
    <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
      {errorMessage(failure, failureValues)}
      {failure === 'auth/no_admin_account' && (
        <Text size="sm" mt={4}>
          {t('auth:login.memberHint')}
        </Text>
      )}
    </Alert>
  );

  if (step === 'totpCode') {
    return (
      <AuthCard title={t('auth:totp.title')} subtitle={t('auth:totp.subtitle')} onSubmit={submitCode}>
        {alert}
        <Stack gap={4}>
          <Text component="label" htmlFor="totp-code" size="sm" fw={500}>
            {t('auth:totp.code')}
          </Text>
          <PinInput
            id="totp-code"
            length={6}
            type="number"
            oneTimeCode
            autoFocus
            value={code}
            onChange={setCode}
            error={Boolean(codeError)}
            aria-label={t('auth:totp.code')}
          />
          {codeError && (
            <Text size="xs" c="red">
              {errorMessage(codeError)}
            </Text>
          )}
        </Stack>
        <Button type="submit" loading={confirming} fullWidth>
          {t('auth:totp.submit')}
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={title ?? t('auth:login.title')} subtitle={subtitle ?? t('auth:login.subtitle')} onSubmit={submit}>
      {alert}
      <TextInput
        {...form.getInputProps('email')}
        error={fieldError('email')}
        label={t('auth:fields.email')}
        type="email"
        autoComplete="username"
        withAsterisk
      />
      <PasswordInput
        {...form.getInputProps('password')}
        error={fieldError('password')}
        aria-invalid={fieldError('password') ? true : undefined}
        label={t('auth:fields.password')}
        autoComplete="current-password"
        visibilityToggleButtonProps={{ 'aria-label': t('auth:fields.showPassword') }}
        withAsterisk
      />
      <Button type="submit" loading={form.submitting} fullWidth>
        {t('auth:login.submit')}
      </Button>
      <Text size="sm" ta="center">
        <Anchor component={Link} to={resetPasswordPath}>
          {t('auth:login.forgotPassword')}
        </Anchor>
      </Text>
      {footer ?? (
        <Text size="sm" ta="center">
          {t('auth:login.noAccount')}{' '}
          <Anchor component={Link} to="/register">
            {t('auth:login.registerLink')}
          </Anchor>
        </Text>
      )}
    </AuthCard>
  );
}
