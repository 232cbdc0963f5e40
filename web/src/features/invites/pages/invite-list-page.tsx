import { CursorPager, useCursorPages } from '../../../components/cursor-pager';
import { Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconHourglass, IconMailForward, IconPlus } from '@tabler/icons-react';
import { useTranslation } from '../../../lib/i18n';
import { Link } from 'react-router';
import { useSWRConfig } from 'swr';
import { LoadError } from '../../../components/load-error';
import { isInviteKey, useInvites } from '../api';
import { InviteTable } from '../components/invite-table';

/** SPEC §2 /admin/invite: the team's invitations, newest first, a page at a time. */
function InviteListPage() {
  const { t } = useTranslation();
  const { mutate: mutateAll } = useSWRConfig();
  const pages = useCursorPages();
  const { data, error, mutate } = useInvites(pages.cursor);

  return (
    <Stack gap="lg" maw={1200}>
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <div>
          <Title order={1} size="h2">
            {t('invites:list.title')}
          </Title>
          <Text c="dimmed" size="sm" mt={4}>
            {t('invites:list.intro')}
          </Text>
        </div>
        <Group gap="sm">
          <Button component={Link} to="/admin/approval_pending_all_users" variant="default" leftSection={<IconHourglass size={16} aria-hidden />}>
            {t('invites:list.pendingAll')}
          </Button>
          <Button component={Link} to="/admin/invite_email_log" variant="default" leftSection={<IconMailForward size={16} aria-hidden />}>
            {t('invites:list.mailLog')}
          </Button>
          <Button component={Link} to="/admin/invite/create" leftSection={<IconPlus size={16} aria-hidden />}>
            {t('invites:list.create')}
          </Button>
        </Group>
      </Group>

      {error ? (
        <LoadError title={t('invites:list.loadError')} error={error} onRetry={() => void mutate()} />
      ) : !data ? (
        <Stack gap="xs" role="status" aria-label={t('common:loading')}>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} h={44} />
          ))}
        </Stack>
      ) : data.items.length === 0 && pages.pageNumber === 1 ? (
        <Paper withBorder p="xl" radius="md">
          <Text c="dimmed" ta="center">
            {t('invites:list.empty')}
          </Text>
        </Paper>
      ) : (
        <InviteTable invites={data.items} onChanged={() => void mutateAll(isInviteKey)} />
      )}

      <CursorPager pages={pages} nextCursor={data?.nextCursor} />
    </Stack>
  );
}

export { InviteListPage as Component };
