import { Anchor, SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { readableMemberNoticeEvents, type MemberNoticeEvent, type MemberNoticeRow } from '../../../../../shared/api/calls/member-notices';
import { AdminListPage } from '../../../components/admin-page/admin-list-page';
import { useCursorPages } from '../../../components/cursor-pager';
import { useAdminContext } from '../../../lib/admin-context';
import { useTranslation } from '../../../lib/i18n';
import { adminViewer, pathRefusal, type AdminAccess } from '../../../lib/nav-access';
import { useMemberNotices } from '../api';
import { NoticeTabs } from '../components/notice-tabs';
import { RelativeTime } from '../../../components/relative-time';

const eventColor: Record<MemberNoticeEvent, string> = { registered: 'teal.8', userSubscriptionRemoved: 'orange.9', userAccountDeleted: 'red.8' };

/** Where a member's row leads: their payment history for an ended subscription, else their page (when this administrator may open it). */
const memberPath = (n: MemberNoticeRow) =>
  `/admin/user/${encodeURIComponent(n.userId)}/${n.event === 'userSubscriptionRemoved' ? 'paid_history/subscription' : 'edit'}`;

function Member({ notice, access }: { notice: MemberNoticeRow; access: AdminAccess | undefined }) {
  const name = notice.userName || notice.userEmail;
  const path = memberPath(notice);
  return (
    <Stack gap={0}>
      {notice.memberExists && access && pathRefusal(path, access) === undefined ? (
        <Anchor component={Link} to={path} style={{ overflowWrap: 'anywhere' }}>
          {name}
        </Anchor>
      ) : (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {name}
        </Text>
      )}
      {notice.userName && (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {notice.userEmail}
        </Text>
      )}
    </Stack>
  );
}

/**
 * SPEC §3 notification keys registered, userSubscriptionRemoved and userAccountDeleted in-app: the members who
 * registered, ended a subscription or deleted their account, newest first, each administrator seeing the events their
 * categories cover (SPEC §6: user managers the comings and goings, paying managers the ended subscriptions).
 */
function MemberNotificationPage() {
  const { t } = useTranslation();
  const { data: admin } = useAdminContext();
  const access = admin && { level: admin.admin.level, categories: admin.admin.categories, plan: admin.team.plan };
  const readable = access ? readableMemberNoticeEvents(adminViewer(access)) : [];
  const [event, setEvent] = useState<MemberNoticeEvent | 'all'>('all');
  const pages = useCursorPages();
  const list = useMemberNotices(event === 'all' ? undefined : event, pages.cursor);
  return (
    <AdminListPage<MemberNoticeRow>
      text="notices:members"
      maw={960}
      list={list}
      pages={pages}
      rowKey={(n) => n.notificationId}
      minWidth={340}
      filters={
        <Stack gap="md">
          <NoticeTabs current="members" />
          {readable.length > 1 && (
            <SegmentedControl
              value={event}
              onChange={(v) => {
                setEvent(v as MemberNoticeEvent | 'all');
                pages.restart();
              }}
              data={[{ value: 'all', label: t('notices:members.all') }, ...readable.map((e) => ({ value: e, label: t(`notices:members.filters.${e}`) }))]}
              aria-label={t('notices:members.filter')}
              orientation="horizontal"
              fullWidth
              maw={720}
            />
          )}
        </Stack>
      }
      columns={[
        { key: 'at', header: t('notices:members.at'), cell: (n) => <RelativeTime iso={n.createdAt} /> },
        {
          key: 'event',
          header: t('notices:members.event'),
          // Text, not a badge (a badge would cut the longer labels); an ended subscription names what it was.
          cell: (n) => (
            <Stack gap={0}>
              <Text size="sm" fw={600} c={eventColor[n.event]}>
                {t(`notices:members.events.${n.event}`)}
              </Text>
              {n.event === 'userSubscriptionRemoved' && n.productName && (
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {[n.productName, n.priceNickname].filter(Boolean).join(' · ')}
                </Text>
              )}
            </Stack>
          ),
        },
        { key: 'member', header: t('notices:members.member'), cell: (n) => <Member notice={n} access={access} /> },
      ]}
    />
  );
}

export { MemberNotificationPage as Component };
