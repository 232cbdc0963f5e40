import { Alert, Anchor, Container, Loader, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { verifyEmail } from '../api';
import { errorCodeOf } from '../../../lib/api-error';
import { errorMessage, useTranslation } from '../../../lib/i18n';
import { AuthCard } from '../../../components/auth-card';
import { DesignPageImage } from '../../../components/design-page-image';
import { usePublicDesign } from '../../../lib/public-design';

type State = { kind: 'working' } | { kind: 'done'; teamId: string; redirectPath?: string } | { kind: 'failed'; code: string };

/** SPEC §2 /verify_email/:token (optional tid): uses the mailed link, then offers the team's login. */
function VerifyEmailPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const [query] = useSearchParams();
  const [state, setState] = useState<State>({ kind: 'working' });

  useEffect(() => {
    let active = true;
    verifyEmail(token).then(
      (answer) => active && setState({ kind: 'done', ...answer }),
      (error: unknown) => active && setState({ kind: 'failed', code: errorCodeOf(error) }),
    );
    return () => {
      active = false;
    };
  }, [token]);

  const teamId = state.kind === 'done' ? state.teamId : query.get('tid');
  // SPEC §3 page kinds: the team's e-mail verification image (also on /unverified_email/:teamId).
  const { data: design } = usePublicDesign(teamId ?? '');
  const loginPath = teamId
    ? `/login/${encodeURIComponent(teamId)}${state.kind === 'done' && state.redirectPath ? `?redirectPath=${encodeURIComponent(state.redirectPath)}` : ''}`
    : undefined;

  return (
    <Container size={520} py={{ base: 32, sm: 64 }}>
      <DesignPageImage url={design?.pageImages.emailVerification} />
      <AuthCard title={t('member:verify.title')}>
        {state.kind === 'working' && <Loader role="status" aria-label={t('common:loading')} />}
        {state.kind === 'done' && <Text role="status">{t('member:verify.done')}</Text>}
        {state.kind === 'failed' && (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(state.code)}
          </Alert>
        )}
        {loginPath && state.kind !== 'working' && (
          <Anchor component={Link} to={loginPath}>
            {t('member:common.goToLogin')}
          </Anchor>
        )}
      </AuthCard>
    </Container>
  );
}

export { VerifyEmailPage as Component };
