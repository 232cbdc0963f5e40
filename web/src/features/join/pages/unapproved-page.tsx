import { Button, Container, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHourglassHigh } from '@tabler/icons-react';
import { useTranslation } from '../../../lib/i18n';
import { Link, useParams } from 'react-router';
import useSWR from 'swr';
import { getLoginPageInfoCall } from '../../../../../shared/api/calls/auth';
import { callApi } from '../../../lib/api';

/** SPEC §2 /unapproved/:teamId: a member of an approval-required invitation waits here until approved. */
function UnapprovedPage() {
  const { t } = useTranslation();
  const { teamId = '' } = useParams();
  // The site's name is a nicety: the page says the same without it.
  const { data } = useSWR([getLoginPageInfoCall.path, teamId] as const, () => callApi(getLoginPageInfoCall, { teamId }), {
    shouldRetryOnError: false,
  });
  return (
    <Container size={560} py={{ base: 40, sm: 72 }}>
      <Paper withBorder p="xl" radius="md">
        <Stack align="center" gap="md" ta="center">
          <ThemeIcon size={56} radius="xl" variant="light" color="yellow">
            <IconHourglassHigh size={30} aria-hidden />
          </ThemeIcon>
          <Title order={1} size="h3">
            {t('invites:unapproved.title')}
          </Title>
          <Text>{data ? t('invites:unapproved.body', { siteName: data.siteName }) : t('invites:unapproved.bodyNoSite')}</Text>
          <Button component={Link} to={`/login/${teamId}`} variant="default">
            {t('invites:unapproved.login')}
          </Button>
        </Stack>
      </Paper>
    </Container>
  );
}

export { UnapprovedPage as Component };
