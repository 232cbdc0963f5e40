import { Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { errorMessage, useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { deleteAccount } from '../api';
import type { AsyncAction } from '../../../lib/async-action';

/** Leaving the team (SPEC §6: not the last administrator, not with active subscriptions). */
export function AccountDelete({ onDeleted }: { onDeleted: AsyncAction }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await deleteAccount();
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
    <Paper withBorder p="lg" radius="md">
      <Stack>
        <Title order={2} size="h4">
          {t('profile:delete.title')}
        </Title>
        <Text size="sm">{t('profile:delete.body')}</Text>
        <Group>
          <Button color="red" variant="light" onClick={() => setOpen(true)}>
            {t('profile:delete.open')}
          </Button>
        </Group>
      </Stack>
      <Modal opened={open} onClose={() => setOpen(false)} title={t('profile:delete.title')}>
        <Stack>
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
    </Paper>
  );
}
