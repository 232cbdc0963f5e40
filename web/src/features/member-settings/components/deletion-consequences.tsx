import { List, Text } from '@mantine/core';
import type { AccountDeletionPreview } from '../../../../../shared/api/calls/profile';
import { useTranslation } from '../../../lib/i18n';

/** What deleting the account does to the member's subscriptions, purchases and data (said before they confirm). */
export function DeletionConsequences({ preview }: { preview: AccountDeletionPreview }) {
  const { t } = useTranslation();
  return (
    <div>
      <Text size="sm" fw={500}>
        {t('membersettings:delete.what')}
      </Text>
      <List size="sm" spacing={4} mt={4}>
        {preview.activeSubscriptions > 0 && <List.Item>{t('membersettings:delete.activeSubscriptions', { count: preview.activeSubscriptions })}</List.Item>}
        {preview.endingSubscriptions > 0 && <List.Item>{t('membersettings:delete.endingSubscriptions', { count: preview.endingSubscriptions })}</List.Item>}
        {preview.oneTimePurchases > 0 && <List.Item>{t('membersettings:delete.oneTimePurchases', { count: preview.oneTimePurchases })}</List.Item>}
        <List.Item>{t('membersettings:delete.data')}</List.Item>
        <List.Item>{t('membersettings:delete.history')}</List.Item>
        <List.Item>{t('membersettings:delete.login')}</List.Item>
      </List>
    </div>
  );
}
