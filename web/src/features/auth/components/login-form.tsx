import { Alert, Anchor, Button, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorCodeOf } from '../../../lib/api-error';
import { signInWithPassword } from '../../../lib/auth';
import { errorMessage } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';

interface LoginFormProps {
  /** A refusal that happened after sign-in (e.g. a member account), shown until the next attempt. */
  notice?: string;
  onSignedIn: () => void;
}

interface LoginValues {
  email: string;
  password: string;
}

const requiredFields = (values: LoginValues) => ({
  email: values.email.trim() ? null : 'validation/required',
  password: values.password ? null : 'validation/required',
});

/** SPEC §2 /login: the administrators' e-mail and password sign-in. */
export function LoginForm({ notice, onSignedIn }: LoginFormProps) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<string | undefined>(notice);
  const form = useForm<LoginValues>({ initialValues: { email: '', password: '' }, validate: requiredFields });
  const fieldError = (field: keyof LoginValues) => {
    const code = form.errors[field];
    return typeof code === 'string' ? errorMessage(code) : undefined;
  };

  const submit = form.onSubmit(async ({ email, password }) => {
    setFailure(undefined);
    try {
      await signInWithPassword(email, password);
      onSignedIn();
    } catch (error) {
      const code = errorCodeOf(error);
      setFailure(code);
      toast.error(errorMessage(code));
    }
  });

  return (
    <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 'xl' }} radius="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <div>
            <Title order={1} size="h2">
              {t('auth:login.title')}
            </Title>
            <Text c="dimmed" size="sm" mt={4}>
              {t('auth:login.subtitle')}
            </Text>
          </div>
          {failure && (
            <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
              {errorMessage(failure)}
              {failure === 'auth/no_admin_account' && (
                <Text size="sm" mt={4}>
                  {t('auth:login.memberHint')}
                </Text>
              )}
            </Alert>
          )}
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
            {t('auth:login.noAccount')}{' '}
            <Anchor component={Link} to="/register">
              {t('auth:login.registerLink')}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </Paper>
  );
}
