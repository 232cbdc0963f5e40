import { useTranslation } from '../../../lib/i18n';
import { useNavigate } from 'react-router';
import { useSWRConfig } from 'swr';
import { useProfile } from '../api';
import { AccountDelete } from '../../../components/account/account-delete';
import { EmailChange } from '../../../components/account/email-change';
import { PasswordChange } from '../../../components/account/password-change';
import { ProfileForm } from '../components/profile-form';
import { TotpSetup } from '../../../components/totp-setup';
import { signOutCurrentUser } from '../../../lib/auth';
import { clearTeamSession, getTeamSession } from '../../../lib/team-session';
import { FormSection } from '../../../components/admin-page/form-section';
import { AdminEditPage } from '../../../components/admin-page/admin-edit-page';

/** SPEC §2 /admin/setting/profile: name, notifications, e-mail, password, two-factor, account deletion. */
function ProfilePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const { data, error, mutate: reload } = useProfile();
  // The header shows the name: refresh everything that may hold it.
  const refresh = () => void mutate(() => true);

  const leave = async () => {
    await signOutCurrentUser();
    clearTeamSession();
    await mutate(() => true, undefined, { revalidate: false });
    navigate('/login', { replace: true });
  };

  return (
    <AdminEditPage title={t('profile:title')} error={error} errorTitle={t('profile:loadError')} onRetry={() => void reload()} loading={!data}>
      {() => (
        <>
          <ProfileForm profile={data!.profile} onSaved={refresh} />
          <EmailChange current={data!.profile.email} onChanged={refresh} />
          <PasswordChange complexPassword={data!.profile.complexPassword} />
          <FormSection title={t('profile:twoFactor')}>
            <TotpSetup issuer={getTeamSession()?.siteName ?? ''} accountName={data!.profile.email} allowRemoval />
          </FormSection>
          <AccountDelete from="admin" onDeleted={leave} blockedBy={data!.profile.deletion.blockedBy} />
        </>
      )}
    </AdminEditPage>
  );
}

export { ProfilePage as Component };
