import { Button, Checkbox, Group, Modal, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { AdministratorRow, AdminLevel } from '../../../../../shared/api/calls/administrators';
import { adminCategories, type AdminCategory } from '../../../../../shared/permissions';
import { errorMessage, useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { updatePermissions } from '../api';

interface PermissionModalProps {
  admin?: AdministratorRow;
  onClose: () => void;
  onSaved: () => void;
}

/** SPEC §6 permission edit: super or normal, and a normal administrator's categories. */
export function PermissionModal({ admin, onClose, onSaved }: PermissionModalProps) {
  const { t } = useTranslation();
  const [level, setLevel] = useState<AdminLevel>('normal');
  const [categories, setCategories] = useState<AdminCategory[]>([]);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (admin) {
      setLevel(admin.level);
      setCategories(admin.categories);
    }
  }, [admin]);

  const save = async () => {
    if (!admin) return;
    setBusy(true);
    try {
      await updatePermissions(admin.userId, level, categories);
      toast.success(t('administrators:edit.saved', { name: admin.name }));
      onSaved();
    } catch (e) {
      toast.error(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={!!admin} onClose={onClose} title={t('administrators:edit.title', { name: admin?.name ?? '' })} size="lg">
      <Stack>
        <Radio.Group label={t('administrators:fields.level')} value={level} onChange={(v) => setLevel(v as AdminLevel)}>
          <Group mt="xs">
            <Radio value="super" label={t('administrators:levels.super')} />
            <Radio value="normal" label={t('administrators:levels.normal')} />
          </Group>
        </Radio.Group>
        <Checkbox.Group
          label={t('administrators:fields.categories')}
          description={level === 'super' ? t('administrators:edit.superHoldsAll') : undefined}
          value={level === 'super' ? [...adminCategories] : categories}
          onChange={(v) => setCategories(v as AdminCategory[])}
        >
          <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs">
            {adminCategories.map((c) => (
              <Checkbox key={c} value={c} label={t(`administrators:categories.${c}`)} disabled={level === 'super'} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        <Text size="xs" c="dimmed">
          {t('administrators:edit.rules')}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('administrators:actions.cancel')}
          </Button>
          <Button loading={busy} onClick={() => void save()}>
            {t('administrators:actions.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
