import { Anchor, Container, Paper, Stack } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { TotpSetup } from '../../../components/totp-setup';
import { useLoginPageInfo } from '../api';
import { currentLoginEmail } from '../../../lib/auth';
import { PageHeading } from '../../../components/page-heading';
import { DesignPageImage } from '../../../components/design-page-image';
import { usePublicDesign } from '../../../lib/public-design';

/**
 * SPEC §2 /two_factor/:teamId: the team requires two-factor and this member has none yet; enrol, then log in again.
 * `?for=admin`: the same for an administrator of a team that requires it of administrators (back to /logged_in).
 */
function TwoFactorPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { teamId = '' } = useParams();
  const { search } = useLocation();
  const { data } = useLoginPageInfo(teamId);
  const forAdmin = new URLSearchParams(search).get('for') === 'admin';
  // SPEC §3 page kinds: the team's two-factor image, for its members (an administrator's enrolment keeps the product's look).
  const { data: design } = usePublicDesign(forAdmin ? '' : teamId);
  const [email, setEmail] = useState<string>();
  useEffect(() => {
    void currentLoginEmail().then(setEmail);
  }, []);

  return (
    <Container size={520} py={{ base: 32, sm: 64 }}>
      <DesignPageImage url={design?.pageImages.twoFactor} />
      <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 'xl' }} radius="md">
        <Stack gap="md">
          <PageHeading title={t('security:twoFactor.pageTitle')} description={t('security:twoFactor.required')} />
          {data && email !== undefined && (
            <TotpSetup
              issuer={data.siteName}
              accountName={email}
              onEnrolled={() => navigate(forAdmin ? '/logged_in' : `/logged_in/${encodeURIComponent(teamId)}${search}`, { replace: true })}
            />
          )}
          <Anchor component={Link} to={forAdmin ? '/login' : `/login/${encodeURIComponent(teamId)}${search}`} size="sm" ta="center">
            {t('member:common.backToLogin')}
          </Anchor>
        </Stack>
      </Paper>
    </Container>
  );
}

export { TwoFactorPage as Component };
