import { Container, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n';
import { useLocation, useNavigate } from 'react-router';
import { LoginForm } from '../../../components/login-form';

/** Set by /logged_in when the signed-in account may not use the admin area. */
export interface LoginPageState {
  refused?: string;
}

function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { state } = useLocation() as { state: LoginPageState | null };
  return (
    <Container size={460} py={{ base: 32, sm: 64 }}>
      <LoginForm notice={state?.refused} onSignedIn={() => navigate('/logged_in')} />
      {/* After a member's refusal the alert above already says this. */}
      {state?.refused !== 'auth/no_admin_account' && (
        <Text size="xs" c="dimmed" ta="center" mt="md">
          {t('auth:login.memberHint')}
        </Text>
      )}
    </Container>
  );
}

export { LoginPage as Component };
