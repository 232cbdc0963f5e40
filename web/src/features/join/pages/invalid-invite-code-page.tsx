import { Button, Container, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLinkOff } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { errorMessage, useTranslation } from '../../../lib/i18n';

const reasons = ['not_found', 'expired', 'limit_reached'] as const;

/** SPEC §2 /invalid_invite_code/:message: why an invite URL cannot be used (SPEC §8 messages). */
function InvalidInviteCodePage() {
  const { t } = useTranslation();
  const { message = '' } = useParams();
  const reason = (reasons as readonly string[]).includes(message) ? message : 'not_found';
  return (
    <Container size={520} py={{ base: 40, sm: 72 }}>
      <Paper withBorder p="xl" radius="md">
        <Stack align="center" gap="md" ta="center">
          <ThemeIcon size={56} radius="xl" variant="light" color="orange">
            <IconLinkOff size={30} aria-hidden />
          </ThemeIcon>
          <Title order={1} size="h3">
            {t('invites:invalid.title')}
          </Title>
          <Text role="alert" fw={500}>
            {errorMessage(`invite/${reason}`)}
          </Text>
          <Text c="dimmed" size="sm">
            {t('invites:invalid.body')}
          </Text>
          <Button component={Link} to="/" variant="default">
            {t('invites:invalid.home')}
          </Button>
        </Stack>
      </Paper>
    </Container>
  );
}

export { InvalidInviteCodePage as Component };
