import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { errorMessage, useTranslation } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { deleteAccount } from './account-api';
import type { AsyncAction } from '../../lib/async-action';
import { FormSection } from '../admin-page/form-section';

interface AccountDeleteProps {
  /** The page asking (SPEC §6: an administrator cannot delete their account from the member page). */
  from: 'admin' | 'member';
  onDeleted: AsyncAction;
  /** Why deletion would be refused now (an error code), said instead of offering it. */
  blockedBy?: string;
  /** What deletion does to the person's purchases and data, shown beside the offer and again in the confirmation. */
  consequences?: ReactNode;
}

/** Leaving the team (SPEC §6: not the last administrator, not with active subscriptions). */
export function AccountDelete({ from, onDeleted, blockedBy, consequences }: AccountDeleteProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await deleteAccount(from);
    } catch (e) {
      toast.error(errorMessage(e));
      setBusy(false);
      setOpen(false);
      return;
    }
    toast.success(t('profile:delete.done'));
    await onDeleted();
  };
  return (
    <FormSection title={t('profile:delete.title')}>
      <Text size="sm">{t('profile:delete.body')}</Text>
      {consequences}
      {blockedBy && (
        <Alert color="yellow" variant="light">
          {errorMessage(blockedBy)}
        </Alert>
      )}
      <Group>
        <Button color="red" variant="light" disabled={!!blockedBy} onClick={() => setOpen(true)}>
          {t('profile:delete.open')}
        </Button>
      </Group>
      <Modal opened={open} onClose={() => setOpen(false)} title={t('profile:delete.title')}>
        <Stack>
          {consequences}
          <Text size="sm">{t('profile:delete.confirm')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(false)}>
              {t('profile:actions.cancel')}
            </Button>
            <Button color="red" loading={busy} onClick={() => void confirm()}>
              {t('profile:delete.submit')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </FormSection>
  );
}
