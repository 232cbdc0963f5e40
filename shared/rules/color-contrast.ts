import { ACCENT_CONTRAST_MIN, TEXT_CONTRAST_MIN } from '../constants';
import type { FieldIssue } from './issues';

/** A colour as the design stores it: `#rrggbb`. */
export const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

/** WCAG 2.x relative luminance of a `#rrggbb` colour. */
export function relativeLuminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(1 + i * 2, 3 + i * 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
}

/** WCAG 2.x contrast ratio of two `#rrggbb` colours, from 1 (same) to 21 (black on white). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

export interface DesignColors {
  accentColor: string;
  textColor: string;
  backgroundColor: string;
}

/**
 * SPEC §3 Design, checked when saving (browser and server): WCAG AA asks text vs background >= 4.5:1 and the
 * accent (buttons, links: non-text components) vs background >= 3:1. Each failing pair is one issue on the
 * field that can fix it, with a code whose message names the pair. Colours that are not `#rrggbb` are left to
 * the schema's own message.
 */
export function checkDesignContrast(colors: DesignColors): FieldIssue[] {
  const { accentColor, textColor, backgroundColor } = colors;
  if (![accentColor, textColor, backgroundColor].every((c) => HEX_COLOR.test(c))) return [];
  const issues: FieldIssue[] = [];
  if (contrastRatio(textColor, backgroundColor) < TEXT_CONTRAST_MIN) issues.push({ path: ['textColor'], code: 'validation/low_contrast_text' });
  if (contrastRatio(accentColor, backgroundColor) < ACCENT_CONTRAST_MIN) issues.push({ path: ['accentColor'], code: 'validation/low_contrast_accent' });
  return issues;
}
