import { Button, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { appSettingsInput, memberLanguages, type AppSettings, type AppSettingsAnswer } from '../../../../../shared/api/calls/app-settings';
import { ApiError } from '../../../lib/api-error';
import { zodFieldErrors } from '../../../lib/form-errors';
import { errorMessage, useTranslation } from '../../../lib/i18n';
import { getTeamSession } from '../../../lib/team-session';
import { toast } from '../../../lib/toast';
import { saveAppSettings } from '../api';

interface AppSettingsFormProps {
  current: AppSettingsAnswer;
  /** The member pages to land on after login: path under /user/:teamId ('' = home) and label. */
  memberPages: readonly { value: string; label: string }[];
}

/**
 * SPEC §2 /admin/app_setting: the members' default language and after-login page, and the site's own addresses
 * (login, landing page, catalog) to copy into the operator's own site or mails.
 */
export function AppSettingsForm({ current, memberPages }: AppSettingsFormProps) {
  const { t } = useTranslation('appsettings');
  const teamId = encodeURIComponent(getTeamSession()?.operatedTeamId ?? '');
  const form = useForm<AppSettings>({
    initialValues: current.appSettings,
    validate: (values) => zodFieldErrors(appSettingsInput, { ...values, version: current.version }),
  });
  const fieldError = (field: keyof AppSettings) => {
    const code = form.errors[field];
    return typeof code === 'string' ? errorMessage(code) : undefined;
  };
  const pages = memberPages.some((p) => p.value === form.values.afterLoginPath)
    ? memberPages
    : [...memberPages, { value: form.values.afterLoginPath, label: form.values.afterLoginPath }];

  const submit = form.onSubmit(async (values) => {
    try {
      await saveAppSettings({ ...values, version: current.version });
      form.resetDirty();
      toast.success(t('saved'));
    } catch (error) {
      if (error instanceof ApiError) form.setErrors(error.fields);
      toast.error(errorMessage(error));
    }
  });

  const origin = window.location.origin;
  const addresses = [
    { key: 'loginUrl', url: `${origin}/login/${teamId}` },
    { key: 'landingUrl', url: `${origin}/lp/${teamId}` },
    { key: 'catalogUrl', url: `${origin}/catalog/${teamId}` },
  ];

  return (
    <Stack gap="xl" maw={640}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Select
            label={t('fields.memberLanguage')}
            description={t('hints.memberLanguage')}
            data={[{ value: '', label: t('languages.browser') }, ...memberLanguages.map((l) => ({ value: l, label: t(`languages.${l}`) }))]}
            allowDeselect={false}
            {...form.getInputProps('memberLanguage')}
            error={fieldError('memberLanguage')}
          />
          <Select
            label={t('fields.afterLoginPath')}
            description={t('hints.afterLoginPath')}
            data={pages}
            allowDeselect={false}
            searchable
            {...form.getInputProps('afterLoginPath')}
            error={fieldError('afterLoginPath')}
          />
          <Group>
            <Button type="submit" loading={form.submitting}>
              {t('submit')}
            </Button>
          </Group>
        </Stack>
      </form>
      <Paper withBorder p="md" component="section" aria-labelledby="app-addresses">
        <Stack gap="sm">
          <Title order={2} size="h4" id="app-addresses">
            {t('addresses.title')}
          </Title>
          <Text size="sm">{t('addresses.help')}</Text>
          {addresses.map((a) => (
            <TextInput key={a.key} label={t(`addresses.${a.key}`)} value={a.url} readOnly onFocus={(e) => e.currentTarget.select()} />
          ))}
        </Stack>
      </Paper>
    </Stack>
  );
}
