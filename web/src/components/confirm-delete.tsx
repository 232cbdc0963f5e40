import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { checkTypedCount } from '../../../shared/rules/bulk-delete';
import { errorMessage, useTranslation } from '../lib/i18n';
import type { AsyncAction } from '../lib/async-action';

export interface ConfirmDeleteProps {
  opened: boolean;
  onClose: () => void;
  /** Receives the typed count when one was asked for. */
  onConfirm: AsyncAction<[typedCount?: string]>;
  title: string;
  body: string;
  /** SPEC §5 "bulk delete requires typing the item count": set to the number of items to make the person type it. */
  typedCount?: { count: number; label: string };
  confirmLabel: string;
  cancelLabel: string;
}

/** The one delete confirmation of every admin list: a warning, the typed count for bulk deletes, busy state. */
export function ConfirmDelete({ opened, onClose, onConfirm, title, body, typedCount, confirmLabel, cancelLabel }: ConfirmDeleteProps) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    const check = typedCount ? checkTypedCount(typed, typedCount.count) : undefined;
    setFailure(check);
    if (check) return;
    setBusy(true);
    try {
      await onConfirm(typedCount ? typed : undefined);
      setTyped('');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={title} closeButtonProps={{ 'aria-label': t('common:actions.close') }}>
      <Stack>
        <Text size="sm">{body}</Text>
        {typedCount && (
          <TextInput
            label={typedCount.label}
            value={typed}
            onChange={(e) => setTyped(e.currentTarget.value)}
            error={failure ? errorMessage(failure) : undefined}
            inputMode="numeric"
            data-autofocus
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {cancelLabel}
          </Button>
          <Button color="red" loading={busy} onClick={() => void confirm()}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
