import { Alert, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { LoadError } from '../../../components/load-error';
import { useZoomSetting } from '../api';
import { ZoomSetting } from '../components/zoom-setting';
import { useTranslation } from '../../../lib/i18n';
import { AdminPage } from '../../../components/admin-page/admin-page';

const SETTING_PATH = '/admin/setting/zoom_setting';

/**
 * SPEC §2 /admin/setting/zoom_setting and its `/authorized`: the Zoom connection. A successful connection lands on
 * `/authorized`, which says so and leads on to the lives; a disconnection returns to the plain page.
 */
function ZoomSettingPage({ authorized = false }: { authorized?: boolean }) {
  const { t } = useTranslation('lives');
  const navigate = useNavigate();
  const setting = useZoomSetting();
  return (
    <AdminPage title={t('zoom.title')} back={{ to: '/admin/live', label: t('zoom.back') }} maw={760}>
      <Text size="sm" c="dimmed">
        {t('zoom.intro')}
      </Text>
      {authorized && setting.data?.connected && (
        <Alert color="teal" variant="light" icon={<IconCircleCheck aria-hidden />} title={t('zoom.authorized.title')} role="status">
          <Stack gap="xs">
            <Text size="sm">{t('zoom.authorized.body')}</Text>
            <Group>
              <Button component={Link} to="/admin/live/create" size="xs">
                {t('zoom.authorized.createLive')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}
      {setting.error ? (
        <LoadError title={t('zoom.loadError')} error={setting.error} onRetry={() => void setting.mutate()} />
      ) : !setting.data ? (
        <Skeleton h={320} role="status" aria-label={t('common:loading')} />
      ) : (
        <ZoomSetting
          // A new connection (or its end) starts the form again from what is stored.
          key={`${setting.data.connected}:${setting.data.connectedAt ?? ''}`}
          setting={setting.data}
          onConnected={() => navigate(`${SETTING_PATH}/authorized`)}
          onDisconnected={() => navigate(SETTING_PATH)}
        />
      )}
    </AdminPage>
  );
}

export const Component = () => <ZoomSettingPage />;
export const AuthorizedPage = () => <ZoomSettingPage authorized />;
