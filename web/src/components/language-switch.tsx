import { SegmentedControl } from '@mantine/core';
import { changeLanguage, useTranslation } from '../lib/i18n';
import { isLanguage } from '../lib/language';

export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <SegmentedControl
      size="xs"
      style={{ flexShrink: 0 }}
      aria-label={t('common:language.label')}
      value={i18n.language}
      onChange={(value) => {
        if (isLanguage(value)) void changeLanguage(value);
      }}
      data={[
        { value: 'ja', label: t('common:language.ja') },
        { value: 'en', label: t('common:language.en') },
      ]}
    />
  );
}
