import { createTheme, type CSSVariablesResolver } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'indigo',
  // WCAG AA (4.5:1): white on indigo-6 and indigo-6 links on white are 4.3:1; indigo-8 is 5.7:1.
  primaryShade: 8,
  defaultRadius: 'md',
  // Japanese text needs a Japanese face before the Latin system stack picks a fallback.
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", "Hiragino Sans", "Hiragino Kaku Gothic ProN", "Noto Sans JP", Meiryo, sans-serif',
  headings: { fontWeight: '700' },
});

/** WCAG AA for secondary text: Mantine's light `dimmed` (gray-6) is 3.3:1 on white; gray-7 is 8.2:1. */
export const productCssVariables: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: {},
});
