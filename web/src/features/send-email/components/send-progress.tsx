import { Progress, Stack, Text } from '@mantine/core';
import type { SendEmail } from '../../../../../shared/api/calls/send-email';
import { formatDateTime } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';

/** How far a mail has got: `sent / recipients`, with a bar while it goes out. */
export function SendProgress({ mail }: { mail: SendEmail }) {
  const { t } = useTranslation();
  if (mail.status === 'scheduled') return <Text size="sm">{t('sendemail:list.scheduledAt', { at: formatDateTime(mail.sendAt ?? '') })}</Text>;
  const total = mail.recipientCount;
  const done = mail.sentCount + mail.failedCount;
  return (
    <Stack gap={4} miw={160}>
      <Text size="sm">
        {total === undefined ? t('sendemail:list.preparing') : t('sendemail:list.progress', { done, total })}
        {mail.failedCount > 0 && ` · ${t('sendemail:list.failed', { count: mail.failedCount })}`}
      </Text>
      {mail.status === 'sending' && total !== undefined && (
        <Progress value={total ? (done / total) * 100 : 100} size="sm" aria-label={t('sendemail:list.progressLabel')} />
      )}
    </Stack>
  );
}
