import { Stack, Text, Title } from '@mantine/core';
import type { GroupContentRow } from '../../../../../shared/api/calls/groups';
import { AdminListTable } from '../../../components/admin-list-table';
import { CursorPager, useCursorPages } from '../../../components/cursor-pager';
import { TitleCell } from '../../../components/title-cell';
import { formatDate } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { useGroupContents } from '../api';

/** Each content type's admin editor (the event's is named event_edit, SPEC §2). */
export const adminEditPath = (row: Pick<GroupContentRow, 'contentType' | 'id'>): string =>
  row.contentType === 'event' ? `/admin/event/event_edit/${row.id}` : `/admin/${row.contentType}/${row.id}/edit`;

/** SPEC §3 Group "viewable videos": the content limited to the group, paged, each to its editor. */
export function GroupContents({ groupId }: { groupId: string }) {
  const { t } = useTranslation();
  const pages = useCursorPages();
  const { data, error, mutate } = useGroupContents(groupId, pages.cursor);
  return (
    <Stack gap="sm" maw={960} component="section" aria-labelledby="group-contents-title">
      <Title order={2} size="h4" id="group-contents-title">
        {t('groups:contents.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('groups:contents.intro')}
      </Text>
      <AdminListTable
        rows={data?.items}
        rowKey={(r) => `${r.contentType}#${r.id}`}
        error={error}
        loadErrorTitle={t('groups:contents.loadError')}
        onRetry={() => void mutate()}
        emptyText={pages.pageNumber === 1 ? t('groups:contents.empty') : undefined}
        minWidth={520}
        columns={[
          {
            key: 'title',
            header: t('groups:contents.titleColumn'),
            cell: (r) => (
              <TitleCell
                to={adminEditPath(r)}
                title={r.title}
                detail={r.publicationPeriod ? t('groups:contents.period', { start: formatDate(r.publicationPeriod.start), end: formatDate(r.publicationPeriod.end) }) : undefined}
              />
            ),
          },
          { key: 'type', header: t('groups:contents.type'), cell: (r) => t(`groups:contents.types.${r.contentType}`) },
          { key: 'released', header: t('groups:contents.released'), cell: (r) => formatDate(r.releasedAt ?? r.createdAt) },
        ]}
      />
      <CursorPager pages={pages} nextCursor={data?.nextCursor} />
    </Stack>
  );
}
