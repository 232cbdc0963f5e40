import { Alert, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { errorMessage, useTranslation } from '../../../lib/i18n';

/** The member login of a SAML team: no password form, only the team's provider (issue 15). */
export function PasswordLoginRefused({ title, notice, children }: { title: string; notice?: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="xl" radius="md">
      <Stack>
        <Title order={1} size="h3">
          {title}
        </Title>
        {notice && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {errorMessage(notice)}
          </Alert>
        )}
        <Text size="sm">{t('federation:login.samlOnly')}</Text>
        {children}
      </Stack>
    </Paper>
  );
}
