import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { contrastRatio } from '../../../shared/rules/color-contrast';
import { siteMantineTheme } from '../../../web/src/lib/site-theme';
import { hex, productCssVariables, readableOn, theme } from '../../../web/src/theme';

describe('readableOn (text colours at WCAG AA)', () => {
  it('keeps a colour that already reads at 4.5:1 and darkens or lightens one that does not, as little as it can', () => {
    expect(readableOn('#364fc7', '#ffffff')).toBe('#364fc7');
    for (const color of ['#fab005', '#40c057', '#82c91e', '#4c6ef5', '#fa5252']) {
      const text = readableOn(color, '#ffffff');
      expect(contrastRatio(text, '#ffffff')).toBeGreaterThanOrEqual(4.5);
      // Not simply black: still a shade of the colour.
      expect(text).not.toBe('#000000');
    }
    const onDark = readableOn('#1c3a8a', '#1a1b1e');
    expect(contrastRatio(onDark, '#1a1b1e')).toBeGreaterThanOrEqual(4.5);
  });
});

describe('productCssVariables', () => {
  it('gives every palette colour readable light-variant and outline text, and readable placeholders, in the light scheme', () => {
    for (const override of [theme, siteMantineTheme(theme, { accentColor: '#82c91e', textColor: '#000000', backgroundColor: '#ffffff', theme: 'light' })]) {
      const full = mergeMantineTheme(DEFAULT_THEME, override);
      const { light } = productCssVariables(full);
      for (const [name, shades] of Object.entries(full.colors)) {
        expect(contrastRatio(hex(light[`--mantine-color-${name}-light-color`]!), hex(shades[1])), `${name} light`).toBeGreaterThanOrEqual(4.5);
        expect(contrastRatio(hex(light[`--mantine-color-${name}-outline`]!), '#ffffff'), `${name} outline`).toBeGreaterThanOrEqual(4.5);
      }
      expect(contrastRatio(light['--mantine-color-placeholder']!, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    }
  });
});
