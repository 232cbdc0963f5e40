import { Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { appSettingsInput, memberLanguages, type AppSettings, type AppSettingsAnswer } from '../../../../../shared/api/calls/app-settings';
import { useTranslation } from '../../../lib/i18n';
import { useVersionedForm } from '../../../lib/use-versioned-form';
import { getTeamSession } from '../../../lib/team-session';
import { saveAppSettings } from '../api';
import { FormActions } from '../../../components/admin-page/form-actions';

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
  const { form, fieldError, submit } = useVersionedForm<AppSettings>({
    initialValues: current.appSettings,
    schema: appSettingsInput,
    version: current.version,
    save: saveAppSettings,
    savedMessage: t('saved'),
  });
  const pages = memberPages.some((p) => p.value === form.values.afterLoginPath)
    ? memberPages
    : [...memberPages, { value: form.values.afterLoginPath, label: form.values.afterLoginPath }];

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
          <FormActions submitLabel={t('submit')} submitting={form.submitting} />
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
