import { Alert, Badge, Button, Code, Group, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle, IconBrandZoom } from '@tabler/icons-react';
import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { saveZoomSettingCall, type ZoomSettingView } from '../../../../../shared/api/calls/zoom';
import { ConfirmDelete } from '../../../components/confirm-delete';
import { ApiError } from '../../../lib/api-error';
import { formatDateTime } from '../../../lib/format';
import { zodFieldErrors } from '../../../lib/form-errors';
import { errorMessage, useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { disconnectZoom, isZoomSettingKey, saveZoomSetting } from '../api';

interface Values {
  accountId: string;
  clientId: string;
  clientSecret: string;
}

export interface ZoomSettingProps {
  setting: ZoomSettingView;
  /** After Zoom accepted the credentials (the page moves to `/authorized`). */
  onConnected: () => void;
  onDisconnected: () => void;
}

/**
 * SPEC §2 /admin/setting/zoom_setting: the Server-to-Server OAuth app's account ID, client ID and client secret,
 * checked with Zoom before they are kept. The secret never comes back from the server: the field stays empty and
 * an empty field keeps the stored one. Zoom's refusals (SPEC §8 connect / user id failures) stay on the form.
 */
export function ZoomSetting({ setting, onConnected, onDisconnected }: ZoomSettingProps) {
  const { t } = useTranslation('lives');
  const { mutate } = useSWRConfig();
  // Zoom's answer to the last save: a refusal of what was typed, or Zoom unreachable (`zoom/connect_failed`).
  const [refusal, setRefusal] = useState<{ message: string; unreachable: boolean }>();
  const [confirming, setConfirming] = useState(false);
  const form = useForm<Values>({
    initialValues: { accountId: setting.accountId ?? '', clientId: setting.clientId ?? '', clientSecret: '' },
    validate: (values) => {
      const issues = zodFieldErrors(saveZoomSettingCall.input, values);
      // Nothing stored yet: the secret is needed (the server says the same).
      if (!setting.hasClientSecret && !values.clientSecret.trim()) issues.clientSecret ??= 'validation/required';
      return issues;
    },
  });
  const fieldError = (name: keyof Values) => {
    const code = form.errors[name];
    return typeof code === 'string' ? errorMessage(code) : undefined;
  };
  const stored = (view: ZoomSettingView) => mutate(isZoomSettingKey, view, { revalidate: false });

  const submit = form.onSubmit(async (values) => {
    setRefusal(undefined);
    try {
      const view = await saveZoomSetting(values);
      await stored(view);
      form.setFieldValue('clientSecret', '');
      onConnected();
    } catch (e) {
      const failure = e instanceof ApiError ? e : undefined;
      const fields = failure && Object.keys(failure.fields).length ? failure.fields : undefined;
      // Zoom's refusal may name fields (marked on them) and always says why (the alert).
      if (fields) form.setErrors(fields);
      if (failure?.code.startsWith('zoom/')) setRefusal({ message: errorMessage(failure), unreachable: failure.code === 'zoom/connect_failed' });
      else if (!fields) toast.error(errorMessage(e));
    }
  });

  const disconnect = async () => {
    try {
      await stored(await disconnectZoom());
      toast.success(t('zoom.disconnected'));
      setConfirming(false);
      onDisconnected();
    } catch (e) {
      toast.error(errorMessage(e));
    }
  };

  return (
    <Paper withBorder p="lg" radius="md">
      <Stack>
        <Group justify="space-between" wrap="wrap">
          <Group gap="sm">
            <IconBrandZoom size={28} aria-hidden />
            <Title order={2} size="h4">
              {t('zoom.cardTitle')}
            </Title>
          </Group>
          <Badge color={setting.connected ? 'teal' : 'gray'} variant="light" size="lg">
            {t(setting.connected ? 'zoom.state.connected' : 'zoom.state.notConnected')}
          </Badge>
        </Group>
        {setting.connected && (
          <Stack gap={4} data-testid="zoom-connected-user">
            <Group gap="xs">
              <Text size="sm" fw={500}>
                {t('zoom.connectedUser')}
              </Text>
              <Text size="sm">{setting.email}</Text>
            </Group>
            <Group gap="xs">
              <Text size="sm" fw={500}>
                {t('zoom.userId')}
              </Text>
              <Code>{setting.userId}</Code>
            </Group>
            {setting.connectedAt && (
              <Text size="sm" c="dimmed">
                {t('zoom.connectedAt', { date: formatDateTime(setting.connectedAt) })}
              </Text>
            )}
          </Stack>
        )}
        <form onSubmit={submit} noValidate>
          <Stack>
            <TextInput {...form.getInputProps('accountId')} error={fieldError('accountId')} label={t('zoom.accountId')} autoComplete="off" spellCheck={false} withAsterisk />
            <TextInput {...form.getInputProps('clientId')} error={fieldError('clientId')} label={t('zoom.clientId')} autoComplete="off" spellCheck={false} withAsterisk />
            <PasswordInput
              {...form.getInputProps('clientSecret')}
              error={fieldError('clientSecret')}
              label={t('zoom.clientSecret')}
              description={setting.hasClientSecret ? t('zoom.secretStored') : t('zoom.secretHint')}
              autoComplete="new-password"
              withAsterisk={!setting.hasClientSecret}
            />
            {refusal && (
              <Alert
                color="red"
                variant="light"
                icon={<IconAlertTriangle aria-hidden />}
                title={t(refusal.unreachable ? 'zoom.unreachableTitle' : 'zoom.failedTitle')}
                role="alert"
              >
                <Text size="sm">{refusal.message}</Text>
                <Text size="sm" c="dimmed">
                  {t(refusal.unreachable ? 'zoom.unreachableHint' : 'zoom.failedHint')}
                </Text>
              </Alert>
            )}
            <Group>
              <Button type="submit" loading={form.submitting} leftSection={<IconBrandZoom size={16} aria-hidden />}>
                {t(setting.connected ? 'zoom.reconnect' : 'zoom.connect')}
              </Button>
              {setting.connected && (
                <Button color="red" variant="subtle" onClick={() => setConfirming(true)}>
                  {t('zoom.disconnect')}
                </Button>
              )}
            </Group>
          </Stack>
        </form>
      </Stack>
      <ConfirmDelete
        opened={confirming}
        onClose={() => setConfirming(false)}
        onConfirm={disconnect}
        title={t('zoom.disconnectTitle')}
        body={t('zoom.disconnectBody')}
        confirmLabel={t('zoom.disconnect')}
        cancelLabel={t('zoom.cancel')}
      />
    </Paper>
  );
}
