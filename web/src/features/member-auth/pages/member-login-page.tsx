import { Container, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useLocation, useNavigate, useParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { DesignPageImage } from '../../../components/design-page-image';
import { LoginForm } from '../../../components/login-form';
import { useLoginPageInfo } from '../api';
import { useLoginMethods } from '../federation-api';
import { FederatedLoginButtons } from '../components/federated-login-buttons';
import { PasswordLoginRefused } from '../components/password-login-refused';
import { usePublicDesign } from '../../../lib/public-design';
import { getAccessToken, loginSessionIdFor } from '../../../lib/auth';
import { invoicePaymentPath, readInvoicePaymentLink } from '../../../lib/invoice-payment-link';
import { getTeamSession } from '../../../lib/team-session';

/** Set by /logged_in/:teamId when the login ended in a refusal (SPEC §4 outcomes). */
export interface MemberLoginPageState {
  refused?: string;
  values?: Record<string, string>;
}

/** SPEC §2 /login/:teamId (query: redirectPath, isInvoicePayment, price, couponId, verifyEmailPath): the member login. */
function MemberLoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { teamId = '' } = useParams();
  const { search, state } = useLocation() as { search: string; state: MemberLoginPageState | null };
  const { data, error } = useLoginPageInfo(teamId);
  const { data: design } = usePublicDesign(teamId);
  // Issue 15: the team's provider buttons; with SAML the password form is not offered at all.
  const { data: methods } = useLoginMethods(teamId);
  const siteName = data?.siteName;
  const invoiceLink = readInvoicePaymentLink(new URLSearchParams(search));
  const invoicePath = invoiceLink ? invoicePaymentPath(teamId, invoiceLink) : undefined;
  // A member already logged in to this team who opens a bank-transfer link goes straight on to the invoice dialog.
  // Only a member's login holds a login session (any sign-in clears it), so an administrator's session never qualifies.
  const [continuing, setContinuing] = useState(
    () => !!invoicePath && !state?.refused && getTeamSession()?.operatedTeamId === teamId && loginSessionIdFor(teamId) !== '',
  );
  useEffect(() => {
    if (!continuing || !invoicePath) return;
    let active = true;
    void getAccessToken().then((token) => {
      if (!active) return;
      if (token) navigate(invoicePath, { replace: true });
      else setContinuing(false);
    });
    return () => {
      active = false;
    };
  }, [continuing, invoicePath, navigate]);

  if (continuing) return <PageLoader />;
  return (
    <Container size={460} py={{ base: 32, sm: 64 }}>
      {/* SPEC §3 page kinds: the login page's own image (site_customize/image), decorative. */}
      {!error && <DesignPageImage url={design?.pageImages.login} />}
      {error ? (
        <Text role="alert" c="red" ta="center">
          {t('errors:common/no_team')}
        </Text>
      ) : methods && !methods.passwordLogin ? (
        <PasswordLoginRefused title={siteName ? t('member:login.title', { siteName }) : t('member:login.titleNoSite')} notice={state?.refused}>
          <FederatedLoginButtons teamId={teamId} providers={methods.providers} search={search} divider={false} />
        </PasswordLoginRefused>
      ) : (
        <LoginForm
          key={state?.refused ?? 'login'}
          title={siteName ? t('member:login.title', { siteName }) : t('member:login.titleNoSite')}
          subtitle={t('member:login.subtitle')}
          notice={state?.refused}
          noticeValues={state?.values}
          resetPasswordPath={`/request_reset_password?tid=${encodeURIComponent(teamId)}`}
          footer={
            <>
              {methods && <FederatedLoginButtons teamId={teamId} providers={methods.providers} search={search} divider />}
              <Text size="xs" c="dimmed" ta="center" mt={methods?.providers.length ? 'md' : undefined}>
                {t('member:login.adminHint')}
              </Text>
            </>
          }
          // The query (redirect, payment and verification parameters) travels on to /logged_in/:teamId.
          onSignedIn={() => navigate(`/logged_in/${encodeURIComponent(teamId)}${search}`)}
        />
      )}
    </Container>
  );
}

export { MemberLoginPage as Component };
