import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { AdminListPage } from '../../../components/admin-page/admin-list-page';
import { useCursorPages } from '../../../components/cursor-pager';
import { useTranslation } from '../../../lib/i18n';
import { removeManager, useManagers, useTeamGroups } from '../api';
import { PermissionSummary } from '../components/permission-summary';

/** SPEC §6 group managers: the members who manage groups, with each group's permissions. */
function ManagerListPage() {
  const { t } = useTranslation();
  const pages = useCursorPages();
  const groups = useTeamGroups();
  const groupName = (groupId: string) => groups.data?.groups.find((g) => g.groupId === groupId)?.name;
  return (
    <AdminListPage
      text="managers:list"
      back={{ to: '/admin/group', label: t('managers:list.back') }}
      createTo="/admin/group/managers/create"
      list={useManagers(pages.cursor)}
      pages={pages}
      rowDelete={{ name: (m) => m.name, remove: (m) => removeManager(m.userId) }}
      rowKey={(m) => m.userId}
      minWidth={320}
      columns={[
        {
          key: 'name',
          header: t('managers:fields.name'),
          cell: (m) => (
            <>
              <Anchor component={Link} to={`/admin/group/managers/${m.userId}/edit`} fw={500}>
                {m.name}
              </Anchor>
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {m.email}
              </Text>
            </>
          ),
        },
        { key: 'groups', header: t('managers:fields.groups'), cell: (m) => <PermissionSummary managerOf={m.managerOf} groupName={groupName} /> },
      ]}
    />
  );
}

export { ManagerListPage as Component };
