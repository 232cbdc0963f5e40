import { Anchor, Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { resendVerificationMail } from '../api';
import { isLanguage } from '../../../lib/language';
import { errorMessage, useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';

/** SPEC §2 /unverified_email/:teamId: the member must open the mailed link first; the link can be sent again. */
function UnverifiedEmailPage() {
  const { t, i18n } = useTranslation();
  const { teamId = '' } = useParams();
  const { search } = useLocation();
  const [sending, setSending] = useState(false);

  const resend = async () => {
    setSending(true);
    try {
      await resendVerificationMail({ teamId, language: isLanguage(i18n.language) ? i18n.language : 'ja' });
      toast.success(t('member:unverified.sent'));
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setSending(false);
    }
  };

  return (
    <Container size={520} py={{ base: 32, sm: 64 }}>
      <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 'xl' }} radius="md">
        <Stack gap="md">
          <Title order={1} size="h2">
            {t('member:unverified.title')}
          </Title>
          <Text>{t('member:unverified.body')}</Text>
          <Button onClick={resend} loading={sending}>
            {t('member:unverified.resend')}
          </Button>
          <Anchor component={Link} to={`/login/${encodeURIComponent(teamId)}${search}`} size="sm" ta="center">
            {t('member:common.backToLogin')}
          </Anchor>
        </Stack>
      </Paper>
    </Container>
  );
}

export { UnverifiedEmailPage as Component };
