import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { AdminEditPage } from '../../../components/admin-page/admin-edit-page';
import { useSaveAndReturn } from '../../../components/admin-page/use-save-and-return';
import { createSendEmail, isSendEmailListKey, updateSendEmail, useMailGroups, useSendEmail } from '../api';
import { nextHourValues, SendEmailForm, toFormValues, type SendEmailFormValues } from '../components/send-email-form';
import { useTranslation } from '../../../lib/i18n';
import { formatDateTime } from '../../../lib/format';
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
  const mail = useSendEmail(sendEmailId);
  const groups = useMailGroups();
  const choices = (groups.data?.groups ?? []).map((g) => ({ value: g.groupId, label: g.name }));
  const current = mail.data?.sendEmail;
  const initial = useMemo(() => (current ? toFormValues(current) : blank()), [current?.version]); // eslint-disable-line react-hooks/exhaustive-deps

  const saveAndReturn = useSaveAndReturn({
    to: '/admin/send_email',
    listKey: isSendEmailListKey,
    // Someone saved it meanwhile, or its hour came: show what it is now.
    stale: { when: (e) => e.code === 'common/concurrent_update' || e.code === 'mail/already_sent', reload: () => mail.mutate() },
  });
  const save = (form: MailInput) =>
    saveAndReturn(
      () => (sendEmailId && current ? updateSendEmail(sendEmailId, current.version, form) : createSendEmail(form)),
      t(form.sendAt ? 'sendemail:edit.scheduled' : 'sendemail:edit.sending', { title: form.title }),
    );

  const readOnly = current && current.status !== 'scheduled';
  return (
    <AdminEditPage
      title={t(sendEmailId ? 'sendemail:edit.title' : 'sendemail:edit.createTitle')}
      back={{ to: '/admin/send_email', label: t('sendemail:edit.back') }}
      error={mail.error ?? groups.error}
      errorTitle={t('sendemail:edit.loadError')}
      onRetry={() => {
        void mail.mutate();
        void groups.mutate();
      }}
      loading={!groups.data || (!!sendEmailId && !current)}
      skeleton={{ h: 320, maw: 760 }}
    >
      {() =>
        readOnly && current ? (
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
        )
      }
    </AdminEditPage>
  );
}

export { SendEmailEditPage as Component };
