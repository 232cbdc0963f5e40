import { Container, Paper, Skeleton } from '@mantine/core';
import { useEffect } from 'react';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { sameSitePath } from '../../../../../shared/api/calls/auth';
import { LoadError } from '../../../components/load-error';
import { DesignPageImage } from '../../../components/design-page-image';
import { useMemberEnquete } from '../api';
import { EnqueteAnswerForm } from '../components/enquete-answer-form';
import { errorCodeOf } from '../../../lib/api-error';
import { useTranslation } from '../../../lib/i18n';
import { getTeamSession } from '../../../lib/team-session';
import { usePublicDesign } from '../../../lib/public-design';

/**
 * SPEC §2 /enquete/:teamId, §4 survey user: the registration survey a member answers after logging in, before the
 * home (or the page they were going to). Without a registration survey to answer there is nothing to do here.
 */
function EnqueteAnswerPage() {
  const { t } = useTranslation();
  const { teamId = '' } = useParams();
  const { search } = useLocation();
  const navigate = useNavigate();
  const session = getTeamSession();
  const signedIn = session?.operatedTeamId === teamId;
  const enquete = useMemberEnquete('registration');
  // SPEC §3 page kinds: the team's registration survey image.
  const { data: design } = usePublicDesign(signedIn ? teamId : '');
  const next = sameSitePath(new URLSearchParams(search).get('redirectPath')) ?? `/user/${encodeURIComponent(teamId)}`;
  const gone = enquete.error && errorCodeOf(enquete.error) === 'common/not_found';

  useEffect(() => {
    if (gone) navigate(next, { replace: true });
  }, [gone, navigate, next]);

  if (!signedIn) return <Navigate to={`/login/${encodeURIComponent(teamId)}${search}`} replace />;
  return (
    <Container size={640} py={{ base: 24, sm: 48 }} px={{ base: 'sm', sm: 'md' }}>
      <DesignPageImage url={design?.pageImages.enquete} />
      <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }} radius="md">
        {enquete.data ? (
          <EnqueteAnswerForm enquete={enquete.data.enquete} source="registration" onAnswered={() => navigate(next, { replace: true })} />
        ) : enquete.error && !gone ? (
          <LoadError title={t('enquete:member.loadError')} error={enquete.error} onRetry={() => void enquete.mutate()} />
        ) : (
          <Skeleton h={240} role="status" aria-label={t('common:loading')} />
        )}
      </Paper>
    </Container>
  );
}

export { EnqueteAnswerPage as Component };
