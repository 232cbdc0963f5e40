import { Button, Group, Paper, PasswordInput, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { newPasswordSchema } from '../../../../shared/rules/password';
import { COMPLEX_PASSWORD_MIN_LENGTH, PASSWORD_MIN_LENGTH } from '../../../../shared/rules/account';
import { zodFieldErrors } from '../../lib/form-errors';
import { errorMessage, useTranslation } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { changePassword } from './account-api';

/** Password change: the current password is the recent-login proof Cognito asks for. */
export function PasswordChange({ complexPassword }: { complexPassword: boolean }) {
  const { t } = useTranslation();
  const form = useForm({
    initialValues: { current: '', password: '', passwordConfirmation: '' },
    validate: (v) => ({
      ...zodFieldErrors(newPasswordSchema(complexPassword), v),
      ...(v.current ? {} : { current: 'validation/required' }),
    }),
  });
  const submit = form.onSubmit(async (v) => {
    try {
      await changePassword(v.current, v.password);
    } catch (e) {
      toast.error(errorMessage(e));
      return;
    }
    form.reset();
    toast.success(t('profile:password.changed'));
  });
  const err = (field: string) => {
    const code = form.errors[field];
    return typeof code === 'string' ? errorMessage(code, { min: complexPassword ? COMPLEX_PASSWORD_MIN_LENGTH : PASSWORD_MIN_LENGTH }) : undefined;
  };
  const toggle = (label: string) => ({ 'aria-label': t('profile:password.show', { field: label }) });
  return (
    <Paper withBorder p="lg" radius="md">
      <form onSubmit={submit} noValidate>
        <Stack maw={420}>
          <Title order={2} size="h4">
            {t('profile:password.title')}
          </Title>
          <PasswordInput {...form.getInputProps('current')} error={err('current')} label={t('profile:password.current')} autoComplete="current-password" visibilityToggleButtonProps={toggle(t('profile:password.current'))} />
          <PasswordInput {...form.getInputProps('password')} error={err('password')} label={t('profile:password.new')} autoComplete="new-password" visibilityToggleButtonProps={toggle(t('profile:password.new'))} />
          <PasswordInput {...form.getInputProps('passwordConfirmation')} error={err('passwordConfirmation')} label={t('profile:password.confirmation')} autoComplete="new-password" visibilityToggleButtonProps={toggle(t('profile:password.confirmation'))} />
          <Group justify="flex-end">
            <Button type="submit" loading={form.submitting}>
              {t('profile:password.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
