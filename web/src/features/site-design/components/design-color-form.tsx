import { Box, Group, Paper, Radio, Stack, Text, TextInput } from '@mantine/core';
import { designColorInput, designThemes, themeDefaults, type DesignAnswer, type DesignTheme } from '../../../../../shared/api/calls/site-design';
import { errorMessageValues, type AnyErrorCode } from '../../../../../shared/error-catalogue';
import { errorMessage, useTranslation } from '../../../lib/i18n';
import { useVersionedForm } from '../../../lib/use-versioned-form';
import { saveDesignColors } from '../api';
import { FormActions } from '../../../components/admin-page/form-actions';

interface Values {
  accentColor: string;
  textColor: string;
  backgroundColor: string;
  theme: DesignTheme;
}

const colorFields = ['accentColor', 'textColor', 'backgroundColor'] as const;

/** A field message with the fixed numbers it names (the contrast minimums). */
const messageOf = (code: string) => errorMessage(code, errorMessageValues[code as AnyErrorCode] ?? {});

/**
 * SPEC §2 site_customize/color: accent, text and background colours and the light or dark theme, checked for
 * WCAG AA contrast here and again by the server (shared/rules/color-contrast.ts).
 */
export function DesignColorForm({ current }: { current: DesignAnswer }) {
  const { t } = useTranslation('design');
  const { form, fieldError, submit } = useVersionedForm<Values>({
    initialValues: {
      accentColor: current.design.accentColor,
      textColor: current.design.textColor,
      backgroundColor: current.design.backgroundColor,
      theme: current.design.theme,
    },
    schema: designColorInput,
    version: current.version,
    save: saveDesignColors,
    savedMessage: t('saved'),
    messageOf,
  });

  const switchTheme = (value: string) => {
    const theme = value as DesignTheme;
    form.setValues({ theme, ...themeDefaults[theme] });
  };

  const valid = (c: string) => /^#[0-9a-fA-F]{6}$/.test(c.trim());
  const preview = form.values;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md" maw={560}>
        <Radio.Group label={t('color.theme')} value={form.values.theme} onChange={switchTheme}>
          <Group mt="xs">
            {designThemes.map((theme) => (
              <Radio key={theme} value={theme} label={t(`color.themes.${theme}`)} />
            ))}
          </Group>
        </Radio.Group>
        {colorFields.map((field) => (
          <TextInput
            key={field}
            label={t(`color.${field}`)}
            description={t('color.format')}
            required
            maxLength={7}
            spellCheck={false}
            leftSection={
              <Box
                aria-hidden
                w={18}
                h={18}
                style={{ borderRadius: 4, border: '1px solid var(--mantine-color-gray-4)', background: valid(form.values[field]) ? form.values[field] : 'transparent' }}
              />
            }
            {...form.getInputProps(field)}
            error={fieldError(field)}
          />
        ))}
        <Paper withBorder p="md" aria-label={t('color.preview')} role="region" style={{ background: valid(preview.backgroundColor) ? preview.backgroundColor : undefined }}>
          <Stack gap="xs">
            <Text style={{ color: valid(preview.textColor) ? preview.textColor : undefined }}>{t('color.previewText')}</Text>
            <Box
              component="span"
              px="sm"
              py={4}
              style={{ alignSelf: 'flex-start', borderRadius: 4, color: '#ffffff', background: valid(preview.accentColor) ? preview.accentColor : undefined }}
            >
              {t('color.previewButton')}
            </Box>
          </Stack>
        </Paper>
        <FormActions submitLabel={t('save')} submitting={form.submitting} />
      </Stack>
    </form>
  );
}
