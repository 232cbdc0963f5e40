import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkTypedCount } from '../../../../../shared/rules/bulk-delete';
import { errorMessage } from '../../../lib/i18n';

interface DeleteMembersModalProps {
  /** The names of the members to delete; more than one asks for the typed count (SPEC §5). */
  names: string[];
  opened: boolean;
  onClose: () => void;
  onConfirm: (typedCount?: string) => Promise<void>;
}

export function DeleteMembersModal({ names, opened, onClose, onConfirm }: DeleteMembersModalProps) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const bulk = names.length > 1;

  const confirm = async () => {
    const failure = bulk ? checkTypedCount(typed, names.length) : undefined;
    if (failure) {
      setError(failure);
      return;
    }
    setBusy(true);
    try {
      await onConfirm(bulk ? typed : undefined);
      setTyped('');
      setError(undefined);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('users:delete.title', { count: names.length })}>
      <Stack>
        <Text size="sm">{bulk ? t('users:delete.bulkBody', { count: names.length }) : t('users:delete.body', { name: names[0] ?? '' })}</Text>
        {bulk && (
          <TextInput
            label={t('users:delete.typeCount', { count: names.length })}
            value={typed}
            onChange={(e) => setTyped(e.currentTarget.value)}
            error={error ? errorMessage(error) : undefined}
            inputMode="numeric"
            data-autofocus
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('users:actions.cancel')}
          </Button>
          <Button color="red" loading={busy} onClick={() => void confirm()}>
            {t('users:actions.delete')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
