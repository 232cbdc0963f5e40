import { Card, List, Text } from '@mantine/core';
import type { DashboardAnswer } from '../../../../../shared/api/calls/analytics';
import { formatDate } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';

/** The 30-day popular videos, most played first. */
export function PopularVideos({ videos }: { videos: DashboardAnswer['popularVideos'] }) {
  const { t } = useTranslation('admin', { keyPrefix: 'dashboard.activity' });
  return (
    <Card withBorder padding="lg">
      <Text fw={700} component="h2" mb="sm">
        {t('popularTitle')}
      </Text>
      {videos.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('popularEmpty')}
        </Text>
      ) : (
        <List type="ordered" spacing="xs" aria-label={t('popularTitle')}>
          {videos.map((v) => (
            <List.Item key={v.videoId}>
              <Text size="sm" span fw={600}>
                {v.title}
              </Text>{' '}
              <Text size="sm" span c="dimmed">
                {t('playsCount', { count: v.plays })}
              </Text>
            </List.Item>
          ))}
        </List>
      )}
    </Card>
  );
}

/** The members who joined last. */
export function NewestUsers({ users }: { users: DashboardAnswer['newestUsers'] }) {
  const { t } = useTranslation('admin', { keyPrefix: 'dashboard.activity' });
  return (
    <Card withBorder padding="lg">
      <Text fw={700} component="h2" mb="sm">
        {t('newestTitle')}
      </Text>
      {users.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('newestEmpty')}
        </Text>
      ) : (
        <List spacing="xs" aria-label={t('newestTitle')}>
          {users.map((u) => (
            <List.Item key={u.userId}>
              <Text size="sm" span fw={600}>
                {u.name}
              </Text>{' '}
              <Text size="sm" span c="dimmed">
                {formatDate(u.createdAt)}
              </Text>
            </List.Item>
          ))}
        </List>
      )}
    </Card>
  );
}
