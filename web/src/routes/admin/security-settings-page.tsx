import { Skeleton, Stack, Text, Title } from '@mantine/core';
import { useSecuritySettings } from '../../features/security-settings/api';
import { SecuritySettingsForm } from '../../features/security-settings/components/security-settings-form';
import { errorMessage, useTranslation } from '../../lib/i18n';

/** SPEC §2 /admin/general_setting/basic_info: the site's settings; here its security section. */
function SecuritySettingsPage() {
  const { t } = useTranslation();
  const { data, error } = useSecuritySettings();
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {t('security:pageTitle')}
      </Title>
      {error ? (
        <Text role="alert" c="red">
          {errorMessage(error)}
        </Text>
      ) : data ? (
        <SecuritySettingsForm current={data} />
      ) : (
        <Skeleton h={320} maw={760} />
      )}
    </Stack>
  );
}

export { SecuritySettingsPage as Component };
