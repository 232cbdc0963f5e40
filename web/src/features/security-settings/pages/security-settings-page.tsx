import { Divider, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useBasicInfo } from '../basic-info-api';
import { BasicInfoForm } from '../components/basic-info-form';
import { useSecuritySettings } from '../api';
import { SecuritySettingsForm } from '../components/security-settings-form';
import { FederationSection } from '../components/federation-section';
import { errorMessage, useTranslation } from '../../../lib/i18n';

/** SPEC §2 /admin/general_setting/basic_info: the site's settings: its information (basic info), then its security section. */
function SecuritySettingsPage() {
  const { t } = useTranslation();
  const { data, error } = useSecuritySettings();
  const basic = useBasicInfo();
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {t('security:pageTitle')}
      </Title>
      {basic.error ? (
        <Text role="alert" c="red">
          {errorMessage(basic.error)}
        </Text>
      ) : basic.data ? (
        // Keyed by version: a save's answer starts the form again from what is stored.
        <BasicInfoForm key={basic.data.version} current={basic.data} />
      ) : (
        <Skeleton h={320} maw={760} />
      )}
      <Divider maw={760} />
      {error ? (
        <Text role="alert" c="red">
          {errorMessage(error)}
        </Text>
      ) : data ? (
        <SecuritySettingsForm current={data} />
      ) : (
        <Skeleton h={320} maw={760} />
      )}
      <Divider maw={760} />
      <FederationSection />
    </Stack>
  );
}

export { SecuritySettingsPage as Component };
