import { Button, Divider, Stack } from '@mantine/core';
import { IconBrandGoogle, IconKey, IconShieldLock } from '@tabler/icons-react';
import { useState } from 'react';
import type { LoginProvider } from '../../../../../shared/api/calls/federation';
import { errorCodeOf } from '../../../lib/api-error';
import { errorMessage, useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { startFederatedSignIn } from '../federation-api';

const icons = { oidc: IconKey, saml: IconShieldLock, google: IconBrandGoogle };

/** The member login's provider buttons (issue 15): each leaves for the team's provider and comes back to /login_saml. */
export function FederatedLoginButtons({ teamId, providers, search, divider }: { teamId: string; providers: LoginProvider[]; search: string; divider: boolean }) {
  const { t } = useTranslation();
  const [leaving, setLeaving] = useState<string | undefined>();
  if (providers.length === 0) return null;
  const start = async (provider: LoginProvider) => {
    setLeaving(provider.kind);
    try {
      await startFederatedSignIn(teamId, provider.kind, search);
    } catch (error) {
      setLeaving(undefined);
      toast.error(errorMessage(errorCodeOf(error)));
    }
  };
  return (
    <Stack gap="sm" mt="md">
      {divider && <Divider label={t('federation:login.or')} labelPosition="center" />}
      {providers.map((p) => {
        const Icon = icons[p.kind];
        return (
          <Button key={p.kind} variant="default" leftSection={<Icon size={18} aria-hidden />} loading={leaving === p.kind} onClick={() => void start(p)}>
            {p.kind === 'google' ? t('federation:login.google') : t('federation:login.with', { provider: p.label })}
          </Button>
        );
      })}
    </Stack>
  );
}
