import { Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import type { CustomField } from '../../../../../shared/api/calls/custom-fields';
import { LoadError } from '../../../components/load-error';
import { useCustomFields } from '../api';
import { CustomFieldModal } from '../components/custom-field-modal';
import { CustomFieldTable } from '../components/custom-field-table';

/** SPEC §2 /admin/general_setting/field_customize: the custom fields member records keep. */
function FieldCustomizePage() {
  const { t } = useTranslation();
  const { data, error, mutate } = useCustomFields();
  const [editing, setEditing] = useState<CustomField | 'new' | null>(null);

  return (
    <Stack gap="lg" maw={1100}>
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={1} size="h2">
            {t('invites:fields.title')}
          </Title>
          <Text c="dimmed" size="sm" mt={4}>
            {t('invites:fields.intro')}
          </Text>
        </div>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
          {t('invites:fields.add')}
        </Button>
      </Group>
      {error ? (
        <LoadError title={t('invites:fields.loadError')} error={error} onRetry={() => void mutate()} />
      ) : !data ? (
        <Skeleton h={160} role="status" aria-label={t('common:loading')} />
      ) : (
        <CustomFieldTable fields={data.items} onEdit={setEditing} onChanged={() => void mutate()} />
      )}
      <CustomFieldModal editing={editing} onClose={() => setEditing(null)} onSaved={() => void mutate()} />
    </Stack>
  );
}

export { FieldCustomizePage as Component };
