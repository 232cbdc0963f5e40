import { Anchor, Button, Container, PasswordInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { COMPLEX_PASSWORD_MIN_LENGTH, PASSWORD_MIN_LENGTH } from '../../../../../shared/rules/account';
import { newPasswordSchema } from '../../../../../shared/rules/password';
import { resetPassword, setRequiredPassword, useLoginPageInfo } from '../api';
import { ApiError } from '../../../lib/api-error';
import { zodFieldErrors } from '../../../lib/form-errors';
import { errorMessage, useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { AuthCard } from '../../../components/auth-card';

interface Values {
  password: string;
  passwordConfirmation: string;
}

/**
 * SPEC §2 /change_password: with `token` (the mailed reset link, optional tid) sets a new password;
 * without one it is the change-password prompt of a signed-in member (`tid` = their team).
 */
function ChangePasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const token = query.get('token');
  const teamId = query.get('tid') ?? undefined;
  const { data: info } = useLoginPageInfo(teamId);
  const complex = info?.complexPassword ?? false;
  const form = useForm<Values>({
    initialValues: { password: '', passwordConfirmation: '' },
    validate: (values) => zodFieldErrors(newPasswordSchema(complex), values),
  });
  const fieldError = (field: keyof Values) => {
    const code = form.errors[field];
    return typeof code === 'string' ? errorMessage(code, field === 'password' ? { min: complex ? COMPLEX_PASSWORD_MIN_LENGTH : PASSWORD_MIN_LENGTH } : {}) : undefined;
  };

  const submit = form.onSubmit(async (values) => {
    try {
      if (token) {
        const { teamId: team } = await resetPassword({ token, ...values });
        toast.success(t('member:reset.done'));
        navigate(teamId ? `/login/${encodeURIComponent(team)}` : '/login', { replace: true });
      } else if (teamId) {
        await setRequiredPassword({ teamId, ...values });
        toast.success(t('member:reset.done'));
        query.delete('tid');
        const rest = query.toString();
        navigate(`/logged_in/${encodeURIComponent(teamId)}${rest ? `?${rest}` : ''}`, { replace: true });
      }
    } catch (error) {
      if (error instanceof ApiError) {
        for (const [field, code] of Object.entries(error.fields)) {
          if (field === 'password' || field === 'passwordConfirmation') form.setFieldError(field, code);
        }
      }
      toast.error(errorMessage(error));
    }
  });

  const prompt = !token;
  return (
    <Container size={460} py={{ base: 32, sm: 64 }}>
      <AuthCard title={prompt ? t('member:reset.promptTitle') : t('member:reset.changeTitle')} subtitle={prompt ? t('member:reset.promptBody') : t('member:reset.changeBody')} onSubmit={submit}>
        <PasswordInput
          {...form.getInputProps('password')}
          error={fieldError('password')}
          label={t('member:reset.newPassword')}
          description={complex ? t('member:reset.complexHint', { min: COMPLEX_PASSWORD_MIN_LENGTH }) : t('member:reset.hint', { min: PASSWORD_MIN_LENGTH })}
          autoComplete="new-password"
          visibilityToggleButtonProps={{ 'aria-label': t('auth:fields.showPassword') }}
          withAsterisk
        />
        <PasswordInput
          {...form.getInputProps('passwordConfirmation')}
          error={fieldError('passwordConfirmation')}
          label={t('auth:fields.passwordConfirmation')}
          autoComplete="new-password"
          visibilityToggleButtonProps={{ 'aria-label': t('auth:fields.showPasswordConfirmation') }}
          withAsterisk
        />
        <Button type="submit" loading={form.submitting} fullWidth disabled={!token && !teamId}>
          {t('member:reset.changeSubmit')}
        </Button>
        {token && (
          <Anchor component={Link} to={`/request_reset_password${teamId ? `?tid=${encodeURIComponent(teamId)}` : ''}`} size="sm" ta="center">
            {t('member:reset.requestAgain')}
          </Anchor>
        )}
      </AuthCard>
    </Container>
  );
}

export { ChangePasswordPage as Component };
