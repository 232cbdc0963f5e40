import { SegmentedControl, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import type { Language } from '../../../shared/constants';
import { useTranslation } from '../lib/i18n';
import { isLanguage } from '../lib/language';

interface MailLanguageChoiceProps {
  label: string;
  hint: string;
  value: Language;
  onChange: (language: Language) => void;
}

/** The language a person's mails are written in (member settings, admin profile): Japanese or English. */
export function MailLanguageChoice({ label, hint, value, onChange }: MailLanguageChoiceProps) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id={id}>
        {label}
      </Text>
      <Text size="xs" c="dimmed">
        {hint}
      </Text>
      <SegmentedControl
        aria-labelledby={id}
        value={value}
        onChange={(next) => {
          if (isLanguage(next)) onChange(next);
        }}
        data={[
          { value: 'ja', label: t('common:language.ja') },
          { value: 'en', label: t('common:language.en') },
        ]}
        style={{ alignSelf: 'flex-start' }}
      />
    </Stack>
  );
}
