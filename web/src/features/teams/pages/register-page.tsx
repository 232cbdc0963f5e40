import { Container } from '@mantine/core';
import { useNavigate } from 'react-router';
import { startAdminSession } from '../../../lib/admin-session';
import { RegisterForm } from '../components/register-form';
import { signInWithPassword } from '../../../lib/auth';
import { errorMessage, useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';

function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();

  // The account exists at this point: sign in with what was just typed and open the new site.
  const enterNewSite = async ({ email, password }: { email: string; password: string }) => {
    try {
      await signInWithPassword(email, password);
      // A person already administering other sites picks the one to open (the new one is among them).
      if ((await startAdminSession()).kind === 'choose') {
        toast.success(t('auth:register.success'));
        navigate('/admin/item_select');
        return;
      }
    } catch (error) {
      toast.error(errorMessage(error));
      navigate('/login');
      return;
    }
    toast.success(t('auth:register.success'));
    navigate('/admin/dashboard');
  };

  return (
    <Container size={720} py={{ base: 32, sm: 56 }}>
      <RegisterForm onRegistered={enterNewSite} />
    </Container>
  );
}

export { RegisterPage as Component };
