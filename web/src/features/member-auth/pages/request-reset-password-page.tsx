import * as z from 'zod/mini';
import { Anchor, Button, Container, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { requestPasswordResetInput } from '../../../../../shared/api/calls/auth';
import { requestPasswordReset } from '../api';
import { ApiError } from '../../../lib/api-error';
import { zodFieldErrors } from '../../../lib/form-errors';
import { errorMessage, useTranslation } from '../../../lib/i18n';
import { isLanguage } from '../../../lib/language';
import { toast } from '../../../lib/toast';
import { AuthCard } from '../../../components/auth-card';
import { DesignPageImage } from '../../../components/design-page-image';
import { usePublicDesign } from '../../../lib/public-design';

/** SPEC §2 /request_reset_password (query tid): mails a reset link; the answer never says whether the address exists. */
function RequestResetPasswordPage() {
  const { t, i18n } = useTranslation();
  const [query] = useSearchParams();
  const teamId = query.get('tid') ?? undefined;
  // SPEC §3 page kinds: the team's password reset image (only when the link names the team).
  const { data: design } = usePublicDesign(teamId ?? '');
  const [sent, setSent] = useState(false);
  const form = useForm({
    initialValues: { email: '' },
    validate: (values) => zodFieldErrors(z.pick(requestPasswordResetInput, { email: true }), values),
  });

  const submit = form.onSubmit(async ({ email }) => {
    try {
      await requestPasswordReset({ email, ...(teamId ? { teamId } : {}), language: isLanguage(i18n.language) ? i18n.language : 'ja' });
      setSent(true);
    } catch (error) {
      if (error instanceof ApiError && error.fields.email) form.setFieldError('email', error.fields.email);
      toast.error(errorMessage(error));
    }
  });

  const loginPath = teamId ? `/login/${encodeURIComponent(teamId)}` : '/login';
  return (
    <Container size={460} py={{ base: 32, sm: 64 }}>
      <DesignPageImage url={design?.pageImages.resetPassword} />
      <AuthCard title={t('member:reset.requestTitle')}>
        {sent ? (
          <Text role="status">{t('member:reset.sent')}</Text>
        ) : (
          <form onSubmit={submit} noValidate>
            <Stack gap="md">
              <Text size="sm" c="dimmed">
                {t('member:reset.requestBody')}
              </Text>
              <TextInput
                {...form.getInputProps('email')}
                error={typeof form.errors.email === 'string' ? errorMessage(form.errors.email) : undefined}
                label={t('auth:fields.email')}
                type="email"
                autoComplete="username"
                withAsterisk
              />
              <Button type="submit" loading={form.submitting} fullWidth>
                {t('member:reset.requestSubmit')}
              </Button>
            </Stack>
          </form>
        )}
        <Anchor component={Link} to={loginPath} size="sm" ta="center">
          {t('member:common.backToLogin')}
        </Anchor>
      </AuthCard>
    </Container>
  );
}

export { RequestResetPasswordPage as Component };
