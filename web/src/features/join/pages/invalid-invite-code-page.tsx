import { Button, Text } from '@mantine/core';
import { IconLinkOff } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { errorMessage, useTranslation } from '../../../lib/i18n';
import { StatusCard } from '../../../components/status-card';

const reasons = ['not_found', 'expired', 'limit_reached'] as const;

/** SPEC §2 /invalid_invite_code/:message: why an invite URL cannot be used (SPEC §8 messages). */
function InvalidInviteCodePage() {
  const { t } = useTranslation();
  const { message = '' } = useParams();
  const reason = (reasons as readonly string[]).includes(message) ? message : 'not_found';
  return (
    <StatusCard icon={<IconLinkOff size={30} aria-hidden />} color="orange" title={t('invites:invalid.title')}>
      <Text role="alert" fw={500}>
        {errorMessage(`invite/${reason}`)}
      </Text>
      <Text c="dimmed" size="sm">
        {t('invites:invalid.body')}
      </Text>
      <Button component={Link} to="/" variant="default">
        {t('invites:invalid.home')}
      </Button>
    </StatusCard>
  );
}

export { InvalidInviteCodePage as Component };
