import { Skeleton, Text } from '@mantine/core';
import { errorMessage } from '../../../lib/i18n';
import { useFederationSettings } from '../federation-api';
import { FederationSettingsForm } from './federation-settings-form';

/** The sign-in settings on the site settings page (site managers; a plan below Pro is told so by the server's code). */
export function FederationSection() {
  const { data, error } = useFederationSettings();
  if (error) {
    return (
      <Text role="alert" c="red" maw={760}>
        {errorMessage(error)}
      </Text>
    );
  }
  if (!data) return <Skeleton h={240} maw={760} />;
  return <FederationSettingsForm key={JSON.stringify(data)} current={data} />;
}
