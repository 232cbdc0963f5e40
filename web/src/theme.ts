import { createTheme, darken, defaultVariantColorsResolver, lighten, toRgba, type CSSVariablesResolver, type MantineTheme, type VariantColorsResolver } from '@mantine/core';
import { contrastRatio, relativeLuminance } from '../../shared/rules/color-contrast';

/** WCAG AA for normal text (4.5:1), with a margin for the light greys and tints the same text also sits on. */
const TEXT_CONTRAST = 4.8;

/** Any colour Mantine reads (hex, rgb(a)) as `#rrggbb`, for the WCAG contrast rule. */
export const hex = (color: string): string => {
  const { r, g, b } = toRgba(color);
  return `#${[r, g, b].map((n) => Math.round(n).toString(16).padStart(2, '0')).join('')}`;
};

/**
 * `color` as text on `background`: itself when it reads at 4.5:1 (and a margin), else the nearest shade of it that does (darker on a
 * light background, lighter on a dark one). Mantine's text-on-tint parts (light, outline, subtle and white variants,
 * placeholders, links in a team's accent) use shades that reach only 2.5-4.4:1 for several palette colours.
 */
export function readableOn(color: string, background: string): string {
  const bg = hex(background);
  const toward = relativeLuminance(bg) > 0.18 ? darken : lighten;
  let text = hex(color);
  for (let step = 1; contrastRatio(text, bg) < TEXT_CONTRAST && step <= 20; step++) text = hex(toward(color, step * 0.05));
  return text;
}

/** The `white` variant writes its colour's filled shade on white; it takes the readable outline colour instead. */
const variantColorResolver: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  const name = input.color ?? input.theme.primaryColor;
  if (input.variant === 'white' && name in input.theme.colors) return { ...colors, color: `var(--mantine-color-${name}-outline)` };
  return colors;
};

export const theme = createTheme({
  primaryColor: 'indigo',
  // WCAG AA (4.5:1): white on indigo-6 and indigo-6 links on white are 4.3:1; indigo-8 is 5.7:1.
  primaryShade: 8,
  // Filled parts (buttons, badges) in a team's accent get black text where white would be under 4.5:1: white reaches
  // 4.5:1 only on colours of relative luminance up to about 0.18.
  autoContrast: true,
  luminanceThreshold: 0.18,
  variantColorResolver,
  defaultRadius: 'md',
  // Japanese text needs a Japanese face before the Latin system stack picks a fallback.
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", "Hiragino Sans", "Hiragino Kaku Gothic ProN", "Noto Sans JP", Meiryo, sans-serif',
  headings: { fontWeight: '700' },
});

const lightShade = (t: MantineTheme): number => (typeof t.primaryShade === 'number' ? t.primaryShade : t.primaryShade.light);

/**
 * WCAG AA for text in the light scheme, for every palette colour of the theme in force (the product's and a team's
 * accent): the light variant's text on its tint, the outline (and white) variant's text on white, placeholders, and
 * Mantine's `dimmed` (gray-6 is 3.3:1 on white; gray-7 is 8.2:1).
 */
export const productCssVariables: CSSVariablesResolver = (t) => {
  const light: Record<string, string> = {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-placeholder': readableOn(t.colors.gray[6], '#ffffff'),
  };
  for (const [name, shades] of Object.entries(t.colors)) {
    light[`--mantine-color-${name}-light-color`] = readableOn(shades[9], shades[1]);
    light[`--mantine-color-${name}-outline`] = readableOn(shades[lightShade(t)], '#ffffff');
  }
  return { variables: {}, light, dark: {} };
};
