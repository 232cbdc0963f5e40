import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { INVITE_MAIL_MAX_RECIPIENTS, sendInviteMailInput, type Invite } from '../../../../../shared/api/calls/invites';
import { ApiError } from '../../../lib/api-error';
import { zodFieldErrors } from '../../../lib/form-errors';
import { errorMessage, useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { sendInviteMail } from '../api';

interface SendInviteMailModalProps {
  invite: Invite | null;
  onClose: () => void;
  onSent: () => void;
}

/** Sends the invite URL to addresses typed one per line; each becomes one mail in the team's log. */
export function SendInviteMailModal({ invite, onClose, onSent }: SendInviteMailModalProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const [sending, setSending] = useState(false);

  const close = () => {
    setText('');
    setError(undefined);
    onClose();
  };

  const send = async () => {
    if (!invite) return;
    const emails = text
      .split(/[\n,;]+/)
      .map((line) => line.trim())
      .filter(Boolean);
    const fields = zodFieldErrors(sendInviteMailInput, { inviteId: invite.inviteId, emails });
    const problem = Object.entries(fields).find(([field]) => field.startsWith('emails'))?.[1];
    if (problem) {
      setError(problem);
      return;
    }
    setSending(true);
    try {
      const { sent } = await sendInviteMail(invite.inviteId, emails);
      toast.success(t('invites:mail.sent', { count: sent }));
      onSent();
      close();
    } catch (e) {
      const fieldCode = e instanceof ApiError ? Object.entries(e.fields).find(([f]) => f.startsWith('emails'))?.[1] : undefined;
      if (fieldCode) setError(fieldCode);
      toast.error(errorMessage(e));
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal opened={invite !== null} onClose={close} title={t('invites:mail.title')} centered size="lg">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('invites:mail.invitation', { title: invite?.title ?? '' })}
        </Text>
        <Textarea
          label={t('invites:mail.emails')}
          description={t('invites:mail.emailsHint', { max: INVITE_MAIL_MAX_RECIPIENTS })}
          value={text}
          onChange={(e) => {
            setText(e.currentTarget.value);
            setError(undefined);
          }}
          error={error ? errorMessage(error) : undefined}
          autosize
          minRows={4}
          withAsterisk
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('invites:mail.cancel')}
          </Button>
          <Button onClick={() => void send()} loading={sending}>
            {t('invites:mail.send')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
