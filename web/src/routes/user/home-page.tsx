import { Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../lib/i18n';
import { LoadError } from '../../components/load-error';
import { useMemberContext } from '../../features/member-auth/api';

/** SPEC §2 /user/:teamId: the member home; the content lists arrive with their own areas. */
function UserHomePage() {
  const { t } = useTranslation();
  const { data, error, mutate } = useMemberContext();
  if (error && !data) return <LoadError title={t('member:home.loadError')} error={error} onRetry={() => void mutate()} />;
  return (
    <Paper withBorder p="lg" radius="md" maw={720}>
      {data ? (
        <Stack gap="xs">
          <Title order={1} size="h2">
            {t('member:home.welcome', { name: data.name })}
          </Title>
          <Text c="dimmed">{t('member:home.site', { siteName: data.siteName })}</Text>
        </Stack>
      ) : (
        <Skeleton h={48} />
      )}
    </Paper>
  );
}

export { UserHomePage as Component };
