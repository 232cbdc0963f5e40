import { Alert, Button, Code, FileButton, Group, Paper, PasswordInput, Radio, Stack, Switch, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useSWRConfig } from 'swr';
import { federationSettingsInput, type FederationSettingsAnswer } from '../../../../../shared/api/calls/federation';
import { ApiError } from '../../../lib/api-error';
import { zodFieldErrors } from '../../../lib/form-errors';
import { errorMessage, useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { saveFederationSettings } from '../federation-api';

interface Values {
  authMethod: 'email' | 'custom' | 'saml';
  oidc: { providerId: string; issuer: string; clientId: string; clientSecret: string };
  saml: { providerId: string; metadataUrl: string; metadataXml: string };
  googleEnabled: boolean;
  google: { clientId: string; clientSecret: string };
}

const initial = (s: FederationSettingsAnswer): Values => ({
  authMethod: s.authMethod,
  oidc: { providerId: s.oidc?.providerId ?? '', issuer: s.oidc?.issuer ?? '', clientId: s.oidc?.clientId ?? '', clientSecret: '' },
  saml: { providerId: s.saml?.providerId ?? '', metadataUrl: s.saml?.metadataUrl ?? '', metadataXml: s.saml?.metadataXml ?? '' },
  googleEnabled: Boolean(s.google),
  google: { clientId: s.google?.clientId ?? '', clientSecret: '' },
});

/** Only the section the method uses is sent: the others are stored as none (and their providers removed). */
const toInput = (v: Values) => ({
  authMethod: v.authMethod,
  oidc: v.authMethod === 'custom' ? { ...v.oidc } : null,
  saml: v.authMethod === 'saml' ? { providerId: v.saml.providerId, metadataUrl: v.saml.metadataUrl.trim() || null, metadataXml: v.saml.metadataUrl.trim() ? null : v.saml.metadataXml || null } : null,
  google: v.googleEnabled && v.authMethod !== 'saml' ? { ...v.google } : null,
});

/** SPEC §3 sign-in settings: auth method (e-mail, OIDC, SAML), the providers' ids and details, social login (issue 15). */
export function FederationSettingsForm({ current }: { current: FederationSettingsAnswer }) {
  const { t } = useTranslation('federation');
  const { mutate } = useSWRConfig();
  const form = useForm<Values>({ initialValues: initial(current), validate: (v) => zodFieldErrors(federationSettingsInput, toInput(v)) });
  const error = (path: string) => {
    const code = form.errors[path];
    return typeof code === 'string' ? errorMessage(code) : undefined;
  };
  const input = (path: string) => ({ ...form.getInputProps(path), error: error(path) });
  const method = form.values.authMethod;

  const submit = form.onSubmit(async (values) => {
    try {
      const saved = await saveFederationSettings(toInput(values));
      await mutate((key) => Array.isArray(key) && key[0] === '/settings/federation/get', saved, { revalidate: false });
      form.setValues(initial(saved));
      form.resetDirty(initial(saved));
      toast.success(t('saved'));
    } catch (e) {
      if (e instanceof ApiError && e.fields) form.setErrors(e.fields.authMethod ? { ...e.fields } : e.fields);
      toast.error(errorMessage(e));
    }
  });

  const readMetadataFile = (file: File | null) => {
    if (!file) return;
    void file.text().then((text) => {
      form.setFieldValue('saml.metadataXml', text);
      form.setFieldValue('saml.metadataUrl', '');
    });
  };

  return (
    <Paper withBorder p="lg" radius="md" maw={760} component="form" onSubmit={submit} aria-labelledby="federation-title" noValidate>
      <Stack>
        <Title id="federation-title" order={2} size="h4">
          {t('title')}
        </Title>
        <Radio.Group label={t('authMethod')} {...input('authMethod')} description={current.usersExist ? t('authMethodLocked') : undefined}>
          <Group mt="xs">
            {(['email', 'custom', 'saml'] as const).map((m) => (
              <Radio key={m} value={m} label={t(`method.${m}`)} disabled={current.usersExist && m !== current.authMethod} />
            ))}
          </Group>
        </Radio.Group>

        {method === 'custom' && (
          <Stack gap="sm">
            <TextInput label={t('oidc.providerId')} required {...input('oidc.providerId')} />
            <TextInput label={t('oidc.issuer')} required placeholder="https://idp.example.com" {...input('oidc.issuer')} />
            <TextInput label={t('oidc.clientId')} required {...input('oidc.clientId')} />
            <PasswordInput
              label={t('oidc.clientSecret')}
              description={current.oidc?.hasClientSecret ? t('secretKept') : undefined}
              autoComplete="off"
              {...input('oidc.clientSecret')}
            />
            <Text size="sm">
              {t('redirectUri')} <Code>{current.serviceProvider.oidcRedirectUri}</Code>
            </Text>
          </Stack>
        )}

        {method === 'saml' && (
          <Stack gap="sm">
            <TextInput label={t('saml.providerId')} required {...input('saml.providerId')} />
            <TextInput label={t('saml.metadataUrl')} placeholder="https://idp.example.com/metadata" {...input('saml.metadataUrl')} />
            <Group align="end">
              <FileButton onChange={readMetadataFile} accept=".xml,application/xml,text/xml">
                {(props) => (
                  <Button variant="default" {...props}>
                    {t('saml.metadataFile')}
                  </Button>
                )}
              </FileButton>
              {form.values.saml.metadataXml && !form.values.saml.metadataUrl && <Text size="sm">{t('saml.metadataLoaded')}</Text>}
            </Group>
            <Textarea label={t('saml.metadataXml')} autosize minRows={2} maxRows={6} {...input('saml.metadataXml')} disabled={Boolean(form.values.saml.metadataUrl.trim())} />
            <Text size="sm">
              {t('acsUrl')} <Code>{current.serviceProvider.samlAcsUrl}</Code>
            </Text>
            <Text size="sm">
              {t('entityId')} <Code>{current.serviceProvider.samlEntityId}</Code>
            </Text>
            <Alert color="blue">{t('samlNote')}</Alert>
          </Stack>
        )}

        {method !== 'saml' && (
          <Stack gap="sm">
            <Switch label={t('google.enabled')} {...form.getInputProps('googleEnabled', { type: 'checkbox' })} />
            {form.values.googleEnabled && (
              <>
                <TextInput label={t('google.clientId')} required {...input('google.clientId')} />
                <PasswordInput
                  label={t('google.clientSecret')}
                  description={current.google?.hasClientSecret ? t('secretKept') : undefined}
                  autoComplete="off"
                  {...input('google.clientSecret')}
                />
                <Text size="sm">
                  {t('redirectUri')} <Code>{current.serviceProvider.oidcRedirectUri}</Code>
                </Text>
              </>
            )}
          </Stack>
        )}
        {error('oidc') && (
          <Text c="red" size="sm" role="alert">
            {error('oidc')}
          </Text>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={form.submitting}>
            {t('save')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
