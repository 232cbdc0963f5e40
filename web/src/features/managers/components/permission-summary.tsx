import { Badge, Group, Stack, Text } from '@mantine/core';
import type { ManagerPermission } from '../../../../../shared/permissions';
import { useTranslation } from '../../../lib/i18n';

/** A manager's groups, each with its permissions as badges (a deleted group shows as such). */
export function PermissionSummary({ managerOf, groupName }: { managerOf: Record<string, ManagerPermission[]>; groupName: (groupId: string) => string | undefined }) {
  const { t } = useTranslation('managers');
  return (
    <Stack gap={4}>
      {Object.entries(managerOf).map(([groupId, granted]) => (
        <Group key={groupId} gap={4} wrap="wrap">
          <Text size="sm" fw={500} mr={4}>
            {groupName(groupId) ?? t('fields.deletedGroup')}
          </Text>
          {granted.map((p) => (
            <Badge key={p} size="sm" variant="light" tt="none">
              {t(`permissions.${p}`)}
            </Badge>
          ))}
        </Group>
      ))}
    </Stack>
  );
}
