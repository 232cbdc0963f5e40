import { Button, Checkbox, Group, Paper, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notificationKeys, type NotificationKey } from '../../../../../shared/api/calls/members';
import { profileUpdateInput, type Profile } from '../../../../../shared/api/calls/profile';
import type { Language } from '../../../../../shared/constants';
import { ApiError } from '../../../lib/api-error';
import { zodFieldErrors } from '../../../lib/form-errors';
import { errorMessage, useTranslation } from '../../../lib/i18n';
import { isLanguage } from '../../../lib/language';
import { toast } from '../../../lib/toast';
import { updateProfile } from '../api';
import { MailLanguageChoice } from '../../../components/mail-language-choice';

/** Name, notification settings and the language of one's mails (SPEC §2 profile, §3 notification keys, issue 30). */
export function ProfileForm({ profile, onSaved }: { profile: Profile; onSaved: () => void }) {
  const { t, i18n } = useTranslation();
  const form = useForm<{ name: string; notifications: Partial<Record<NotificationKey, boolean>>; language: Language }>({
    initialValues: {
      name: profile.name,
      notifications: profile.notifications,
      // None chosen yet: the language the administrator is using now.
      language: profile.language ?? (isLanguage(i18n.language) ? i18n.language : 'ja'),
    },
    validate: (v) => zodFieldErrors(profileUpdateInput, v),
  });
  const submit = form.onSubmit(async (v) => {
    try {
      await updateProfile(v);
    } catch (e) {
      if (e instanceof ApiError) form.setErrors(e.fields);
      toast.error(errorMessage(e));
      return;
    }
    toast.success(t('profile:saved'));
    onSaved();
  });
  const nameError = form.errors.name;
  return (
    <Paper withBorder p="lg" radius="md">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Title order={2} size="h4">
            {t('profile:basics.title')}
          </Title>
          <TextInput
            {...form.getInputProps('name')}
            error={typeof nameError === 'string' ? errorMessage(nameError) : undefined}
            label={t('profile:fields.name')}
            withAsterisk
            maw={420}
          />
          <Title order={3} size="h5" mt="sm">
            {t('profile:basics.notifications')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {/* A setting never saved is on: the server mails unless it is false. */}
            {notificationKeys.map((key) => (
              <Checkbox
                key={key}
                label={t(`profile:notifications.${key}`)}
                checked={form.values.notifications[key] ?? true}
                onChange={(e) => form.setFieldValue('notifications', { ...form.values.notifications, [key]: e.currentTarget.checked })}
              />
            ))}
          </SimpleGrid>
          <MailLanguageChoice
            label={t('profile:fields.language')}
            hint={t('profile:fields.languageHint')}
            value={form.values.language}
            onChange={(language) => form.setFieldValue('language', language)}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={form.submitting}>
              {t('profile:actions.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
