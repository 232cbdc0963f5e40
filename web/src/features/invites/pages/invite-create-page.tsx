import { useTranslation } from '../../../lib/i18n';
import { useNavigate } from 'react-router';
import { useSWRConfig } from 'swr';
import { createInvite, isInviteKey } from '../api';
import { emptyInvite, InviteForm } from '../components/invite-form';
import { toast } from '../../../lib/toast';
import { useInviteChoices } from './invite-choices';
import { AdminPage } from '../../../components/admin-page/admin-page';

/** SPEC §2 /admin/invite/create. */
function InviteCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const choices = useInviteChoices();

  return (
    <AdminPage title={t('invites:form.createTitle')} back={{ to: '/admin/invite', label: `← ${t('invites:form.back')}` }} maw={900}>
      <InviteForm
        mode="create"
        initialValues={emptyInvite}
        {...choices}
        onSubmit={async (input) => {
          await createInvite(input);
          await mutate(isInviteKey);
          toast.success(t('invites:form.created'));
          navigate('/admin/invite');
        }}
      />
    </AdminPage>
  );
}

export { InviteCreatePage as Component };
