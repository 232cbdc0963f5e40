import { useEffect } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { sameSitePath, type MemberLoginAnswer } from '../../../../../shared/api/calls/auth';
import { entryPath } from '../../../../../shared/plans';
import { PageLoader } from '../../../components/page-loader';
import { startMemberSession } from '../api';
import { afterLoginPathOf } from '../../../lib/public-design';
import { errorCodeOf } from '../../../lib/api-error';
import { signOutCurrentUser } from '../../../lib/auth';
import { formatDate } from '../../../lib/format';
import { invoicePaymentPath, readInvoicePaymentLink } from '../../../lib/invoice-payment-link';
import { errorMessage } from '../../../lib/i18n';
import { clearTeamSession } from '../../../lib/team-session';
import { toast } from '../../../lib/toast';
import type { MemberLoginPageState } from './member-login-page';

/** The message of each refused SPEC §4 outcome (the member is signed out and back on the login page). */
const refusalCode: Partial<Record<MemberLoginAnswer['outcome'], string>> = {
  adminMustUseAdminLogin: 'auth/admin_must_use_admin_login',
  ipRestricted: 'auth/ip_not_allowed',
  disabled: 'auth/account_disabled',
  expired: 'auth/account_expired',
  cancelled: 'account/cancelled',
};

/** SPEC §2 /logged_in/:teamId: decides the login outcome and sends the member where it leads. */
function LoggedInMemberPage() {
  const navigate = useNavigate();
  const { teamId = '' } = useParams();
  const { search } = useLocation();

  useEffect(() => {
    let active = true;
    const query = new URLSearchParams(search);
    const team = encodeURIComponent(teamId);
    const refuse = async (code: string, values?: Record<string, string>) => {
      await signOutCurrentUser();
      clearTeamSession();
      toast.error(errorMessage(code, values));
      const state: MemberLoginPageState = { refused: code, values };
      navigate(`/login/${team}${search}`, { replace: true, state });
    };
    startMemberSession(teamId).then(
      async (answer) => {
        if (!active) return;
        if (answer.outcome === 'login') {
          // A bank-transfer link (SPEC §2 isInvoicePayment, price, couponId) leads to the invoice dialog first.
          const invoiceLink = readInvoicePaymentLink(query);
          const named = invoiceLink ? invoicePaymentPath(teamId, invoiceLink) : sameSitePath(query.get('redirectPath'));
          // Otherwise the page the site's app settings name (SPEC §3 after-login), else the home.
          const landing = named ?? (await afterLoginPathOf(teamId)) ?? `/user/${team}`;
          if (active) navigate(landing, { replace: true });
        } else if (answer.outcome === 'surveyRequired') {
          // SPEC §4 survey user: logged in, with the registration survey to answer before the home.
          navigate(`/enquete/${team}${search}`, { replace: true });
        } else if (answer.outcome === 'unapproved') {
          await signOutCurrentUser();
          navigate(`/unapproved/${team}`, { replace: true });
        } else if (answer.outcome === 'unverifiedEmail') {
          navigate(`/unverified_email/${team}${search}`, { replace: true });
        } else if (answer.outcome === 'changePassword') {
          query.set('tid', teamId);
          navigate(`/change_password?${query.toString()}`, { replace: true });
        } else if (answer.outcome === 'noAccountForTeam') {
          // SPEC §2 /entry/:teamId/not_team: signed in, but not a person of this team.
          await signOutCurrentUser();
          clearTeamSession();
          navigate(entryPath('not_team', { teamId }), { replace: true });
        } else if (answer.outcome === 'twoFactorNotConfigured') {
          navigate(`/two_factor/${team}${search}`, { replace: true });
        } else {
          const values = answer.outcome === 'cancelled' && answer.deletionScheduledAt ? { date: formatDate(answer.deletionScheduledAt) } : undefined;
          await refuse(refusalCode[answer.outcome] ?? 'auth/login_failed', values);
        }
      },
      async (error: unknown) => {
        if (!active) return;
        const code = errorCodeOf(error);
        // Nobody signed in (the page was opened directly): the login page is the answer, not an error.
        if (code === 'auth/not_logged_in') navigate(`/login/${team}${search}`, { replace: true });
        else await refuse(code);
      },
    );
    return () => {
      active = false;
    };
  }, [navigate, teamId, search]);

  return <PageLoader />;
}

export { LoggedInMemberPage as Component };
