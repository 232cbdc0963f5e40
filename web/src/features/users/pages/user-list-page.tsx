import { ConfirmDelete } from '../../../components/confirm-delete';
import { CursorPager, useCursorPages } from '../../../components/cursor-pager';
import { Button, Group, Select, Skeleton, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useSWRConfig } from 'swr';
import { memberTabs, type MemberRow, type MemberTab } from '../../../../../shared/api/calls/members';
import { may } from '../../../../../shared/permissions';
import { LoadError } from '../../../components/load-error';
import { deleteMembers, isMemberDataKey, setMemberDisabled, useMemberPage, useResendInvitation } from '../api';
import { MemberTable } from '../components/member-table';
import { useAdminContext } from '../../../lib/admin-context';
import { errorMessage, useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { adminViewer } from '../../../lib/nav-access';

const sorts = {
  newest: { sort: 'created', order: 'desc' },
  oldest: { sort: 'created', order: 'asc' },
  nameAsc: { sort: 'name', order: 'asc' },
  nameDesc: { sort: 'name', order: 'desc' },
} as const;
type SortKey = keyof typeof sorts;
const PAGE_SIZE = 20;

/** SPEC §2 /admin/user: tabs member, customer, manager; search, sort, paging (one Query a page). */
function UserListPage() {
  const { t } = useTranslation();
  const { mutate } = useSWRConfig();
  const [params, setParams] = useSearchParams();
  const tab = (memberTabs as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as MemberTab) : 'member';
  const [sortKey, setSortKey] = useState<SortKey>('newest');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const pages = useCursorPages();
  const [selected, setSelected] = useState<string[]>([]);
  const [toDelete, setToDelete] = useState<MemberRow[]>([]);
  // Already loaded by the admin frame. Customers' payment histories are for paying managers only.
  const { data: admin } = useAdminContext();
  const showPaymentHistory = !!admin && may(adminViewer({ level: admin.admin.level, categories: admin.admin.categories, plan: admin.team.plan }), 'admin.billing');

  const query = { tab, ...sorts[sortKey], search: debounced || undefined, cursor: pages.cursor, limit: PAGE_SIZE };
  const { data, error, isLoading, mutate: reload } = useMemberPage(query);
  const restart = () => {
    pages.restart();
    setSelected([]);
  };
  const refresh = () => mutate(isMemberDataKey);

  const toggleDisabled = async (m: MemberRow) => {
    try {
      await setMemberDisabled(m.userId, !m.disabled);
      toast.success(t(m.disabled ? 'users:list.enabled' : 'users:list.disabled', { name: m.name }));
      await refresh();
    } catch (e) {
      toast.error(errorMessage(e));
    }
  };

  const { resending, resend } = useResendInvitation();

  const confirmDelete = async (typedCount?: string) => {
    try {
      const { deleted } = await deleteMembers(
        toDelete.map((m) => m.userId),
        typedCount,
      );
      toast.success(t('users:delete.done', { count: deleted }));
      setToDelete([]);
      restart();
      await refresh();
    } catch (e) {
      toast.error(errorMessage(e));
    }
  };

  return (
    <Stack gap="lg" maw={1200}>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={1} size="h2">
          {t('users:list.title')}
        </Title>
        <Group gap="xs" wrap="wrap">
          <Button component={Link} to="/admin/user/import" variant="light" size="sm">
            {t('memberimport:links.import')}
          </Button>
          <Button component={Link} to="/admin/user/import_email_auth" variant="light" size="sm">
            {t('memberimport:links.emailAuth')}
          </Button>
          <Button component={Link} to="/admin/user/update" variant="light" size="sm">
            {t('memberimport:links.update')}
          </Button>
        </Group>
      </Group>
      <Tabs
        value={tab}
        onChange={(value) => {
          setParams(value && value !== 'member' ? { tab: value } : {});
          restart();
        }}
      >
        <Tabs.List>
          {memberTabs.map((key) => (
            <Tabs.Tab key={key} value={key}>
              {t(`users:tabs.${key}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Group align="flex-end" wrap="wrap">
        <TextInput
          label={t('users:list.search')}
          placeholder={t('users:list.searchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            restart();
          }}
          w={320}
        />
        <Select
          label={t('users:list.sort')}
          value={sortKey}
          onChange={(v) => {
            if (v) setSortKey(v as SortKey);
            restart();
          }}
          data={(Object.keys(sorts) as SortKey[]).map((k) => ({ value: k, label: t(`users:sort.${k}`) }))}
          disabled={!!debounced}
          description={debounced ? t('users:list.searchOrder') : undefined}
          allowDeselect={false}
          w={220}
        />
        <Button
          color="red"
          variant="light"
          disabled={selected.length === 0}
          onClick={() => setToDelete((data?.items ?? []).filter((m) => selected.includes(m.userId)))}
        >
          {t('users:list.deleteSelected', { count: selected.length })}
        </Button>
      </Group>

      {error ? (
        <LoadError title={t('users:list.loadError')} error={error} onRetry={() => void reload()} />
      ) : isLoading && !data ? (
        <Stack role="status" aria-label={t('common:loading')}>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} h={36} />
          ))}
        </Stack>
      ) : data && data.items.length === 0 ? (
        <Text c="dimmed">{debounced ? t('users:list.noMatch') : t('users:list.empty')}</Text>
      ) : (
        <MemberTable
          members={data?.items ?? []}
          selected={selected}
          onSelect={setSelected}
          onToggleDisabled={(m) => void toggleDisabled(m)}
          onDelete={(m) => setToDelete([m])}
          onResendInvitation={(m) => void resend(m)}
          resending={resending}
          showPaymentHistory={showPaymentHistory}
        />
      )}
      <CursorPager pages={pages} nextCursor={data?.nextCursor} />
      <ConfirmDelete
        opened={toDelete.length > 0}
        onClose={() => setToDelete([])}
        onConfirm={confirmDelete}
        title={t('users:delete.title', { count: toDelete.length })}
        body={toDelete.length > 1 ? t('users:delete.bulkBody', { count: toDelete.length }) : t('users:delete.body', { name: toDelete[0]?.name ?? '' })}
        typedCount={toDelete.length > 1 ? { count: toDelete.length, label: t('users:delete.typeCount', { count: toDelete.length }) } : undefined}
        confirmLabel={t('users:actions.delete')}
        cancelLabel={t('users:actions.cancel')}
      />
    </Stack>
  );
}

export { UserListPage as Component };
