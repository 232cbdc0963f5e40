import { Button, Checkbox, Group, Paper, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { CustomFieldAnswer } from '../../../../../shared/api/calls/custom-fields';
import { profileUpdateInput, type Profile } from '../../../../../shared/api/calls/profile';
import type { Language } from '../../../../../shared/constants';
import { ApiError } from '../../../lib/api-error';
import { zodFieldErrors } from '../../../lib/form-errors';
import { changeLanguage, errorMessage, useTranslation } from '../../../lib/i18n';
import { isLanguage } from '../../../lib/language';
import { toast } from '../../../lib/toast';
import { updateMemberProfile } from '../api';
import { CustomFieldControl } from '../../../components/custom-field-control';
import { MailLanguageChoice } from '../../../components/mail-language-choice';

interface Values {
  name: string;
  /** Whether a reply to the member's comment is mailed to them (absent in the record = on, as the mail domain reads it). */
  replyMail: boolean;
  language: Language;
  customFields: Record<string, CustomFieldAnswer | ''>;
}

const initialAnswers = (profile: Profile): Values['customFields'] =>
  Object.fromEntries(profile.customFields.map(({ field, value }) => [field.fieldId, value ?? (field.type === 'checkbox' ? [] : '')]));

/** What a member changes on their record: name, the custom fields their invitation asked, reply mails, language. */
export function MemberProfileForm({ profile, onSaved }: { profile: Profile; onSaved: () => void }) {
  const { t, i18n } = useTranslation();
  const form = useForm<Values>({
    initialValues: {
      name: profile.name,
      replyMail: profile.notifications.videoReplyCommented !== false,
      language: profile.language ?? (isLanguage(i18n.language) ? i18n.language : 'ja'),
      customFields: initialAnswers(profile),
    },
    validate: (v) => zodFieldErrors(profileUpdateInput, { name: v.name }),
  });
  const submit = form.onSubmit(async (v) => {
    try {
      await updateMemberProfile({
        name: v.name,
        notifications: { ...profile.notifications, videoReplyCommented: v.replyMail },
        language: v.language,
        customFields: v.customFields,
      });
    } catch (e) {
      if (e instanceof ApiError) form.setErrors(e.fields);
      toast.error(errorMessage(e));
      return;
    }
    // The UI follows the language the member chose, and remembers it on this browser.
    if (v.language !== i18n.language) await changeLanguage(v.language);
    toast.success(t('membersettings:saved'));
    onSaved();
  });
  const error = (path: string) => {
    const code = form.errors[path];
    return typeof code === 'string' ? errorMessage(code) : undefined;
  };
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Title order={2} size="h4">
            {t('membersettings:profile.title')}
          </Title>
          <TextInput {...form.getInputProps('name')} error={error('name')} label={t('membersettings:profile.name')} autoComplete="name" withAsterisk maw={420} />
          {profile.customFields.map(({ field }) => (
            <CustomFieldControl
              key={field.fieldId}
              field={field}
              input={form.getInputProps(`customFields.${field.fieldId}`)}
              error={error(`customFields.${field.fieldId}`)}
              choose={t('membersettings:profile.choose')}
              maw={420}
            />
          ))}
          <Title order={3} size="h5" mt="sm">
            {t('membersettings:profile.notifications')}
          </Title>
          <Checkbox {...form.getInputProps('replyMail', { type: 'checkbox' })} label={t('membersettings:profile.replyMail')} />
          <MailLanguageChoice
            label={t('membersettings:profile.language')}
            hint={t('membersettings:profile.languageHint')}
            value={form.values.language}
            onChange={(language) => form.setFieldValue('language', language)}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={form.submitting}>
              {t('membersettings:profile.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
