import { Button, Text } from '@mantine/core';
import { IconHourglassHigh } from '@tabler/icons-react';
import { useTranslation } from '../../../lib/i18n';
import { Link, useParams } from 'react-router';
import useSWR from 'swr';
import { getLoginPageInfoCall } from '../../../../../shared/api/calls/auth';
import { callApi } from '../../../lib/api';
import { StatusCard } from '../../../components/status-card';
import { DesignPageImage } from '../../../components/design-page-image';
import { usePublicDesign } from '../../../lib/public-design';

/** SPEC §2 /unapproved/:teamId: a member of an approval-required invitation waits here until approved. */
function UnapprovedPage() {
  const { t } = useTranslation();
  const { teamId = '' } = useParams();
  // The site's name is a nicety: the page says the same without it.
  const { data } = useSWR([getLoginPageInfoCall.path, teamId] as const, () => callApi(getLoginPageInfoCall, { teamId }), {
    shouldRetryOnError: false,
  });
  // SPEC §3 page kinds: the team's waiting-for-approval image.
  const { data: design } = usePublicDesign(teamId);
  return (
    <StatusCard
      icon={<IconHourglassHigh size={30} aria-hidden />}
      color="yellow"
      title={t('invites:unapproved.title')}
      image={<DesignPageImage url={design?.pageImages.unapproved} />}
    >
      <Text>{data ? t('invites:unapproved.body', { siteName: data.siteName }) : t('invites:unapproved.bodyNoSite')}</Text>
      <Button component={Link} to={`/login/${teamId}`} variant="default">
        {t('invites:unapproved.login')}
      </Button>
    </StatusCard>
  );
}

export { UnapprovedPage as Component };
