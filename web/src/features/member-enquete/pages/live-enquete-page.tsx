import { Paper, Skeleton, Stack } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import { BackButton } from '../../../components/page-links';
import { LoadError } from '../../../components/load-error';
import { useMemberEnquete } from '../api';
import { EnqueteAnswerForm } from '../components/enquete-answer-form';
import { useTranslation } from '../../../lib/i18n';

/** SPEC §3 Live survey: the live's survey, answered from its page (/user/:teamId/live/:liveId/enquete). */
function LiveEnquetePage() {
  const { t } = useTranslation();
  const { teamId = '', liveId = '' } = useParams();
  const navigate = useNavigate();
  const livePath = `/user/${encodeURIComponent(teamId)}/live/${encodeURIComponent(liveId)}`;
  const enquete = useMemberEnquete('live', liveId);
  return (
    <Stack gap="md" maw={720}>
      <BackButton to={livePath}>{t('enquete:member.backToLive')}</BackButton>
      <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md">
        {enquete.data ? (
          <EnqueteAnswerForm enquete={enquete.data.enquete} source="live" sourceId={liveId} onAnswered={() => navigate(livePath)} />
        ) : enquete.error ? (
          <LoadError title={t('enquete:member.loadError')} error={enquete.error} onRetry={() => void enquete.mutate()} />
        ) : (
          <Skeleton h={240} role="status" aria-label={t('common:loading')} />
        )}
      </Paper>
    </Stack>
  );
}

export { LiveEnquetePage as Component };
