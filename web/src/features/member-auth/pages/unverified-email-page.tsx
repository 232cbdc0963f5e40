import { Anchor, Button, Container, Text } from '@mantine/core';
import { useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { resendVerificationMail } from '../api';
import { isLanguage } from '../../../lib/language';
import { errorMessage, useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { AuthCard } from '../../../components/auth-card';
import { DesignPageImage } from '../../../components/design-page-image';
import { usePublicDesign } from '../../../lib/public-design';

/** SPEC §2 /unverified_email/:teamId: the member must open the mailed link first; the link can be sent again. */
function UnverifiedEmailPage() {
  const { t, i18n } = useTranslation();
  const { teamId = '' } = useParams();
  const { search } = useLocation();
  const { data: design } = usePublicDesign(teamId);
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
      {/* SPEC §3 page kinds: the team's e-mail verification image (also on /verify_email/:token). */}
      <DesignPageImage url={design?.pageImages.emailVerification} />
      <AuthCard title={t('member:unverified.title')}>
        <Text>{t('member:unverified.body')}</Text>
        <Button onClick={resend} loading={sending}>
          {t('member:unverified.resend')}
        </Button>
        <Anchor component={Link} to={`/login/${encodeURIComponent(teamId)}${search}`} size="sm" ta="center">
          {t('member:common.backToLogin')}
        </Anchor>
      </AuthCard>
    </Container>
  );
}

export { UnverifiedEmailPage as Component };
