import { describe, expect, it } from 'vitest';
import { contrastRatio } from '../../../shared/rules/color-contrast';
import { siteColors, siteMantineTheme } from '../../../web/src/lib/site-theme';
import { theme } from '../../../web/src/theme';

/** rgba(r, g, b, a) or #rrggbb as #rrggbb, for the contrast rule. */
const hex = (color: string) => {
  const rgba = /^rgba\((\d+), (\d+), (\d+)/.exec(color);
  return rgba ? `#${rgba.slice(1, 4).map((n) => Number(n).toString(16).padStart(2, '0')).join('')}` : color;
};

describe('siteColors (the design accent as Mantine shades)', () => {
  it('keeps the accent for filled parts and the light variant text, behind a tint of it that is readable', () => {
    // Accents the design rule accepts on white (3:1).
    for (const accent of ['#1c7ed6', '#d9480f', '#2b8a3e']) {
      const light = siteColors(accent, 'light');
      expect(light[6]).toBe(accent);
      // The light variant (the current menu item): shade 9 text on shade 1.
      expect(light[9]).toBe(accent);
      expect(hex(light[1])).not.toBe(accent);
      expect(contrastRatio(accent, '#ffffff')).toBeGreaterThanOrEqual(3);
      expect(contrastRatio(accent, hex(light[1]))).toBeGreaterThanOrEqual(2.5);
      // Dark scheme: shade 0 text (on a darkened shade 9).
      expect(siteColors(accent, 'dark')[0]).toBe(accent);
    }
  });
});

describe('siteMantineTheme', () => {
  it("puts the accent's shade 6 in force in both schemes over the product theme's own shade", () => {
    const merged = siteMantineTheme(theme, { accentColor: '#d9480f', textColor: '#000000', backgroundColor: '#ffffff', theme: 'dark' });
    expect(merged.primaryColor).toBe('site');
    expect(merged.primaryShade).toEqual({ light: 6, dark: 6 });
    expect(merged.colors?.site?.[6]).toBe('#d9480f');
  });
});
