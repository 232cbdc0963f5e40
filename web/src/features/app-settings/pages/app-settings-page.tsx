import { Skeleton, Stack, Text, Title } from '@mantine/core';
import { useAppSettings } from '../api';
import { AppSettingsForm } from '../components/app-settings-form';
import { errorMessage, useTranslation } from '../../../lib/i18n';
import { memberNav } from '../../../lib/member-nav';

/** SPEC §2 /admin/app_setting: the members' app settings. */
function AppSettingsPage() {
  const { t } = useTranslation();
  const { data, error } = useAppSettings();
  const memberPages = memberNav.map((e) => ({ value: e.path, label: t(`member:nav.${e.key}`) }));
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {t('appsettings:pageTitle')}
      </Title>
      {error ? (
        <Text role="alert" c="red">
          {errorMessage(error)}
        </Text>
      ) : data ? (
        <AppSettingsForm key={data.version} current={data} memberPages={memberPages} />
      ) : (
        <Skeleton h={240} maw={640} />
      )}
    </Stack>
  );
}

export { AppSettingsPage as Component };
