import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n';

const sections = ['service', 'account', 'content', 'billing', 'termination'] as const;

interface TermsModalProps {
  opened: boolean;
  onClose: () => void;
}

/** The terms of service the registration checkbox refers to. */
export function TermsModal({ opened, onClose }: TermsModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('auth:terms.title')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
    >
      <Stack gap="sm">
        {sections.map((section) => (
          <Text key={section} size="sm">
            {t(`auth:terms.sections.${section}`)}
          </Text>
        ))}
        <Group justify="flex-end">
          <Button onClick={onClose}>{t('common:actions.close')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
