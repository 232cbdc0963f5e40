import { Container, Text } from '@mantine/core';
import { useTranslation } from '../../lib/i18n';
import { useLocation, useNavigate, useParams } from 'react-router';
import { LoginForm } from '../../features/auth/components/login-form';
import { useLoginPageInfo } from '../../features/member-auth/api';

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
  const siteName = data?.siteName;
  return (
    <Container size={460} py={{ base: 32, sm: 64 }}>
      {error ? (
        <Text role="alert" c="red" ta="center">
          {t('errors:common/no_team')}
        </Text>
      ) : (
        <LoginForm
          key={state?.refused ?? 'login'}
          title={siteName ? t('member:login.title', { siteName }) : t('member:login.titleNoSite')}
          subtitle={t('member:login.subtitle')}
          notice={state?.refused}
          noticeValues={state?.values}
          resetPasswordPath={`/request_reset_password?tid=${encodeURIComponent(teamId)}`}
          footer={
            <Text size="xs" c="dimmed" ta="center">
              {t('member:login.adminHint')}
            </Text>
          }
          // The query (redirect, payment and verification parameters) travels on to /logged_in/:teamId.
          onSignedIn={() => navigate(`/logged_in/${encodeURIComponent(teamId)}${search}`)}
        />
      )}
    </Container>
  );
}

export { MemberLoginPage as Component };
