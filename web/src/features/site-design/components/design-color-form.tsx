import { Box, Button, Group, Paper, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { designColorInput, designThemes, themeDefaults, type DesignAnswer, type DesignTheme } from '../../../../../shared/api/calls/site-design';
import { errorMessageValues, type AnyErrorCode } from '../../../../../shared/error-catalogue';
import { ApiError } from '../../../lib/api-error';
import { zodFieldErrors } from '../../../lib/form-errors';
import { errorMessage, useTranslation } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { saveDesignColors } from '../api';

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
  const form = useForm<Values>({
    initialValues: {
      accentColor: current.design.accentColor,
      textColor: current.design.textColor,
      backgroundColor: current.design.backgroundColor,
      theme: current.design.theme,
    },
    validate: (values) => zodFieldErrors(designColorInput, { ...values, version: current.version }),
  });
  const fieldError = (field: keyof Values) => {
    const code = form.errors[field];
    return typeof code === 'string' ? messageOf(code) : undefined;
  };

  const switchTheme = (value: string) => {
    const theme = value as DesignTheme;
    form.setValues({ theme, ...themeDefaults[theme] });
  };

  const submit = form.onSubmit(async (values) => {
    try {
      await saveDesignColors({ ...values, version: current.version });
      form.resetDirty();
      toast.success(t('saved'));
    } catch (error) {
      if (error instanceof ApiError) form.setErrors(error.fields);
      toast.error(error instanceof ApiError && error.fields && Object.values(error.fields)[0] ? messageOf(Object.values(error.fields)[0]!) : errorMessage(error));
    }
  });

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
        <Group>
          <Button type="submit" loading={form.submitting}>
            {t('save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
