import { useEffect, useEffectEvent } from 'react';
import { useNavigate } from 'react-router';
import { entryPath } from '../../../../../shared/plans';
import { PageLoader } from '../../../components/page-loader';
import { startAdminSession } from '../../../lib/admin-session';
import { adminLandingPath } from '../api';
import { errorCodeOf } from '../../../lib/api-error';
import { signOutCurrentUser } from '../../../lib/auth';
import { errorMessage, useTranslation } from '../../../lib/i18n';
import { clearTeamSession } from '../../../lib/team-session';
import { toast } from '../../../lib/toast';
import type { LoginPageState } from './login-page';

/** SPEC §2 /logged_in: after the admin sign-in, the team to operate (or the choice of one) and the admin area. */
function LoggedInPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();

  const refuse = useEffectEvent(async (error: unknown) => {
    const code = errorCodeOf(error);
    // Nobody signed in (the page was opened directly): the login page is the answer, not an error.
    if (code === 'auth/not_logged_in') {
      navigate('/login', { replace: true });
      return;
    }
    // A refused account must not stay half signed in (e.g. a member on the admin login page).
    await signOutCurrentUser();
    clearTeamSession();
    // SPEC §2 /entry/admin/not_team: signed in, but not a person of any team.
    if (code === 'common/no_team') {
      navigate(entryPath('not_team', { admin: true }), { replace: true });
      return;
    }
    toast.error(errorMessage(code), code === 'auth/no_admin_account' ? t('auth:login.memberHint') : undefined);
    const state: LoginPageState = { refused: code };
    navigate('/login', { replace: true, state });
  });

  useEffect(() => {
    let active = true;
    startAdminSession().then(
      (session) => {
        if (!active) return;
        // An administrator of several teams picks one (SPEC §2 /admin/item_select); the TOTP rule is checked there.
        if (session.kind === 'choose') navigate('/admin/item_select', { replace: true });
        // The team requires administrators to use TOTP: the members' enrolment page, then this page again.
        else navigate(adminLandingPath(session), { replace: true });
      },
      (error: unknown) => {
        if (active) void refuse(error);
      },
    );
    return () => {
      active = false;
    };
  }, [navigate]);

  return <PageLoader />;
}

export { LoggedInPage as Component };
