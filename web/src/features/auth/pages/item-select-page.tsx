import { Button, Container, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import type { AdminTeam } from '../../../../../shared/api/calls/auth';
import { LoadError } from '../../../components/load-error';
import { startAdminSession } from '../../../lib/admin-session';
import { adminLandingPath, listAdminTeams } from '../api';
import { errorCodeOf } from '../../../lib/api-error';
import { errorMessage, useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';

/**
 * SPEC §2 /admin/item_select: an administrator of several sites chooses the one to operate (after the admin login,
 * or later to switch). Choosing sets the operated team and enters its admin area (or its TOTP set-up first).
 */
function ItemSelectPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [teams, setTeams] = useState<AdminTeam[]>();
  const [error, setError] = useState<unknown>();
  const [opening, setOpening] = useState<string>();

  const load = useCallback(() => {
    setError(undefined);
    listAdminTeams().then(setTeams, (e: unknown) => {
      // Not signed in (the page was opened directly): the admin login is the answer.
      if (errorCodeOf(e) === 'auth/not_logged_in') navigate('/login', { replace: true });
      else setError(e);
    });
  }, [navigate]);
  useEffect(load, [load]);

  const open = async (teamId: string) => {
    setOpening(teamId);
    try {
      const session = await startAdminSession(teamId);
      if (session.kind === 'operating') navigate(adminLandingPath(session), { replace: true });
      else setTeams(session.teams);
    } catch (e) {
      toast.error(errorMessage(e));
    } finally {
      setOpening(undefined);
    }
  };

  return (
    <Container size={560} py={{ base: 40, sm: 72 }}>
      <Paper withBorder p="xl" radius="md">
        <Stack gap="md">
          <Title order={1} size="h3">
            {t('itemSelect.title')}
          </Title>
          <Text c="dimmed">{t('itemSelect.intro')}</Text>
          {error ? (
            <LoadError title={t('itemSelect.loadError')} error={error} onRetry={load} />
          ) : !teams ? (
            <Skeleton h={96} />
          ) : (
            <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('itemSelect.title')}>
              {teams.map((team) => (
                <li key={team.teamId}>
                  <Button
                    variant="default"
                    size="md"
                    fullWidth
                    justify="space-between"
                    rightSection={<IconChevronRight size={18} aria-hidden />}
                    loading={opening === team.teamId}
                    disabled={opening !== undefined && opening !== team.teamId}
                    onClick={() => void open(team.teamId)}
                  >
                    {team.siteName}
                  </Button>
                </li>
              ))}
            </Stack>
          )}
        </Stack>
      </Paper>
    </Container>
  );
}

export { ItemSelectPage as Component };
