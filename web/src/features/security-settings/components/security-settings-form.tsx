import { Anchor, Button, Checkbox, Code, Group, Modal, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { securitySettingsInput, type SecuritySettings, type SecuritySettingsAnswer } from '../../../../../shared/api/calls/settings';
import { ApiError } from '../../../lib/api-error';
import { zodFieldErrors } from '../../../lib/form-errors';
import { errorMessage, useTranslation } from '../../../lib/i18n';
import { getTeamSession } from '../../../lib/team-session';
import { toast } from '../../../lib/toast';
import { saveSecuritySettings } from '../api';
import { surveyPickerSource } from '../../../lib/item-source';
import { SingleItemPicker } from '../../../components/item-picker';
import { FormActions } from '../../../components/admin-page/form-actions';

interface Values {
  emailValidityCheck: boolean;
  twoFactorRequired: boolean;
  adminTwoFactorRequired: boolean;
  complexPassword: boolean;
  singleLogin: boolean;
  catalogPublic: boolean;
  commentsEnabled: boolean;
  contentCommentsEnabled: boolean;
  chatEnabled: boolean;
  registrationEnqueteId: string | null;
  adminIpAllowList: string;
  memberIpAllowList: string;
}

const lines = (text: string) =>
  text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);

const toSettings = (v: Values): SecuritySettings => ({
  emailValidityCheck: v.emailValidityCheck,
  twoFactorRequired: v.twoFactorRequired,
  adminTwoFactorRequired: v.adminTwoFactorRequired,
  complexPassword: v.complexPassword,
  singleLogin: v.singleLogin,
  catalogPublic: v.catalogPublic,
  commentsEnabled: v.commentsEnabled,
  contentCommentsEnabled: v.contentCommentsEnabled,
  chatEnabled: v.chatEnabled,
  registrationEnqueteId: v.registrationEnqueteId,
  adminIpAllowList: lines(v.adminIpAllowList),
  memberIpAllowList: lines(v.memberIpAllowList),
});

/** `memberIpAllowList.2` -> `memberIpAllowList`: a list's entries share one text area. */
const formFields = (fields: Record<string, string>) => {
  const out: Record<string, string> = {};
  for (const [path, code] of Object.entries(fields)) out[path.split('.')[0]] ??= code;
  return out;
};

/** SPEC §5/§6 site security settings: e-mail validity check, two-factor, complex password, IP allow lists, single login. */
export function SecuritySettingsForm({ current }: { current: SecuritySettingsAnswer }) {
  const { t } = useTranslation('security');
  const { mutate } = useSWRConfig();
  const [confirming, setConfirming] = useState<SecuritySettings>();
  const teamId = getTeamSession()?.operatedTeamId;
  const catalogPath = teamId ? `/catalog/${encodeURIComponent(teamId)}` : undefined;
  const form = useForm<Values>({
    initialValues: {
      emailValidityCheck: current.emailValidityCheck,
      twoFactorRequired: current.twoFactorRequired,
      adminTwoFactorRequired: current.adminTwoFactorRequired,
      complexPassword: current.complexPassword,
      singleLogin: current.singleLogin,
      catalogPublic: current.catalogPublic,
      commentsEnabled: current.commentsEnabled,
      contentCommentsEnabled: current.contentCommentsEnabled,
      chatEnabled: current.chatEnabled,
      registrationEnqueteId: current.registrationEnqueteId ?? null,
      adminIpAllowList: current.adminIpAllowList.join('\n'),
      memberIpAllowList: current.memberIpAllowList.join('\n'),
    },
    validate: (values) => formFields(zodFieldErrors(securitySettingsInput, toSettings(values))),
  });
  const fieldError = (field: keyof Values) => {
    const code = form.errors[field];
    return typeof code === 'string' ? errorMessage(code) : undefined;
  };

  const save = async (settings: SecuritySettings, confirmLockout: boolean) => {
    try {
      const saved = await saveSecuritySettings(settings, confirmLockout);
      await mutate((k) => Array.isArray(k) && k[0] === '/settings/get_security', saved, { revalidate: false });
      setConfirming(undefined);
      toast.success(t('saved'));
    } catch (error) {
      if (error instanceof ApiError && error.code === 'settings/ip_lockout') {
        setConfirming(settings);
        return;
      }
      if (error instanceof ApiError) form.setErrors(formFields(error.fields));
      toast.error(errorMessage(error));
    }
  };

  const submit = form.onSubmit((values) => save(toSettings(values), false));

  return (
    <Paper withBorder p="lg" radius="md" maw={760}>
      <form onSubmit={submit} noValidate>
        <Stack gap="lg">
          <Title order={2} size="h3">
            {t('title')}
          </Title>
          <Stack gap="sm">
            <Checkbox {...form.getInputProps('emailValidityCheck', { type: 'checkbox' })} label={t('emailValidityCheck')} description={t('emailValidityCheckHint')} />
            <Checkbox
              {...form.getInputProps('twoFactorRequired', { type: 'checkbox' })}
              label={t('twoFactorRequired')}
              description={t('twoFactorRequiredHint')}
              error={fieldError('twoFactorRequired')}
            />
            <Checkbox
              {...form.getInputProps('adminTwoFactorRequired', { type: 'checkbox' })}
              label={t('adminTwoFactorRequired')}
              description={t('adminTwoFactorRequiredHint')}
            />
            <Checkbox {...form.getInputProps('complexPassword', { type: 'checkbox' })} label={t('complexPassword')} description={t('complexPasswordHint')} />
            <Checkbox {...form.getInputProps('singleLogin', { type: 'checkbox' })} label={t('singleLogin')} description={t('singleLoginHint')} />
            <Stack gap={4}>
              <Checkbox {...form.getInputProps('catalogPublic', { type: 'checkbox' })} label={t('catalogPublic')} description={t('catalogPublicHint')} />
              {catalogPath && (
                <Text size="sm" pl={32}>
                  {t('catalogAddress')}{' '}
                  <Anchor href={catalogPath} target="_blank" rel="noopener" style={{ wordBreak: 'break-all' }}>
                    {window.location.origin + catalogPath}
                  </Anchor>
                </Text>
              )}
            </Stack>
            <Checkbox {...form.getInputProps('commentsEnabled', { type: 'checkbox' })} label={t('commentsEnabled')} description={t('commentsEnabledHint')} />
            <Checkbox
              {...form.getInputProps('contentCommentsEnabled', { type: 'checkbox' })}
              disabled={!form.values.commentsEnabled}
              label={t('contentCommentsEnabled')}
              description={t('contentCommentsEnabledHint')}
              pl={32}
            />
            <Checkbox {...form.getInputProps('chatEnabled', { type: 'checkbox' })} label={t('chatEnabled')} description={t('chatEnabledHint')} />
            <div style={{ maxWidth: 480 }}>
              <SingleItemPicker
                source={surveyPickerSource}
                value={form.values.registrationEnqueteId}
                onChange={(id) => form.setFieldValue('registrationEnqueteId', id)}
                error={fieldError('registrationEnqueteId')}
                label={t('registrationEnquete')}
                description={t('registrationEnqueteHint')}
              />
            </div>
          </Stack>
          <Textarea
            {...form.getInputProps('adminIpAllowList')}
            error={fieldError('adminIpAllowList')}
            label={t('adminIpAllowList')}
            description={t('ipListHint')}
            autosize
            minRows={3}
            spellCheck={false}
          />
          <Textarea
            {...form.getInputProps('memberIpAllowList')}
            error={fieldError('memberIpAllowList')}
            label={t('memberIpAllowList')}
            description={t('ipListHint')}
            autosize
            minRows={3}
            spellCheck={false}
          />
          <Text size="sm" c="dimmed">
            {t('yourIp')} <Code>{current.yourIp}</Code>
          </Text>
          <FormActions submitLabel={t('save')} submitting={form.submitting} />
        </Stack>
      </form>
      <Modal opened={Boolean(confirming)} onClose={() => setConfirming(undefined)} title={t('lockoutTitle')} centered>
        <Stack gap="md">
          <Text size="sm">{t('lockoutBody', { ip: current.yourIp })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(undefined)}>
              {t('cancel')}
            </Button>
            <Button color="red" onClick={() => confirming && save(confirming, true)}>
              {t('lockoutConfirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
