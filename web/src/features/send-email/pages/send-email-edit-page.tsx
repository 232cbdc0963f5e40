import { Alert, Anchor, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useSWRConfig } from 'swr';
import { LoadError } from '../../../components/load-error';
import { ApiError } from '../../../lib/api-error';
import { createSendEmail, isSendEmailListKey, updateSendEmail, useMailGroups, useSendEmail } from '../api';
import { nextHourValues, SendEmailForm, toFormValues, type SendEmailFormValues } from '../components/send-email-form';
import { errorMessage, useTranslation } from '../../../lib/i18n';
import { formatDateTime } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import type { MailInput } from '../../../../../shared/rules/mail';
import { SendProgress } from '../components/send-progress';

const blank = (): SendEmailFormValues => ({
  title: '',
  subject: '',
  body: '',
  target: 'groups',
  groupIds: [],
  userIds: [],
  timing: 'now',
  ...nextHourValues(),
});

/** SPEC §2 /admin/send_email/create and :sendEmailId/edit; a mail that has started sending is shown, not edited (SPEC §8). */
function SendEmailEditPage() {
  const { t } = useTranslation();
  const { sendEmailId } = useParams();
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const mail = useSendEmail(sendEmailId);
  const groups = useMailGroups();
  const choices = (groups.data?.groups ?? []).map((g) => ({ value: g.groupId, label: g.name }));
  const current = mail.data?.sendEmail;
  const initial = useMemo(() => (current ? toFormValues(current) : blank()), [current?.version]); // eslint-disable-line react-hooks/exhaustive-deps

  const save = async (form: MailInput) => {
    try {
      if (sendEmailId && current) await updateSendEmail(sendEmailId, current.version, form);
      else await createSendEmail(form);
    } catch (e) {
      if (e instanceof ApiError && (e.code === 'common/concurrent_update' || e.code === 'mail/already_sent')) {
        // Someone saved it meanwhile, or its hour came: show what it is now.
        toast.error(errorMessage(e));
        await mail.mutate();
        return;
      }
      toast.error(errorMessage(e));
      throw e;
    }
    toast.success(t(form.sendAt ? 'sendemail:edit.scheduled' : 'sendemail:edit.sending', { title: form.title }));
    await mutate(isSendEmailListKey);
    navigate('/admin/send_email');
  };

  const loadError = mail.error ?? groups.error;
  const readOnly = current && current.status !== 'scheduled';
  return (
    <Stack gap="lg" maw={960}>
      <Anchor component={Link} to="/admin/send_email" size="sm">
        {t('sendemail:edit.back')}
      </Anchor>
      <Title order={1} size="h2">
        {t(sendEmailId ? 'sendemail:edit.title' : 'sendemail:edit.createTitle')}
      </Title>
      {loadError ? (
        <LoadError
          title={t('sendemail:edit.loadError')}
          error={loadError}
          onRetry={() => {
            void mail.mutate();
            void groups.mutate();
          }}
        />
      ) : !groups.data || (sendEmailId && !current) ? (
        <Skeleton h={320} maw={760} role="status" aria-label={t('common:loading')} />
      ) : readOnly && current ? (
        <Paper withBorder p="lg" radius="md" maw={760}>
          <Stack>
            <Alert color="blue">{t(current.status === 'sent' ? 'sendemail:edit.sentNotice' : 'sendemail:edit.sendingNotice')}</Alert>
            <Text fw={500}>{current.subject}</Text>
            <Text style={{ whiteSpace: 'pre-wrap' }}>{current.body}</Text>
            {current.sentAt && <Text size="sm" c="dimmed">{t('sendemail:edit.sentAt', { at: formatDateTime(current.sentAt) })}</Text>}
            <SendProgress mail={current} />
            <Group>
              <Button component={Link} to={`/admin/send_email/${current.sendEmailId}/log`} variant="light">
                {t('sendemail:list.log')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      ) : (
        <SendEmailForm
          key={current?.version ?? 'new'}
          initial={initial}
          groups={choices}
          submitLabel={(v) =>
            t(v.timing === 'scheduled' && v.target === 'groups' ? 'sendemail:actions.schedule' : 'sendemail:actions.sendNow')
          }
          onSubmit={save}
        />
      )}
    </Stack>
  );
}

export { SendEmailEditPage as Component };
