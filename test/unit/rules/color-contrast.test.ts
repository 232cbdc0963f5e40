import { describe, expect, it } from 'vitest';
import { designColorInput } from '../../../shared/api/calls/site-design';
import { checkDesignContrast, contrastRatio, relativeLuminance } from '../../../shared/rules/color-contrast';
import { fieldCodes } from './helpers';

describe('contrast ratio (WCAG 2.x)', () => {
  it('spans 1:1 to 21:1', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#777777')).toBe(1);
  });

  it('matches published reference values', () => {
    // #767676 on white is the well-known lightest grey that passes AA for text (4.54:1).
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(relativeLuminance('#ff0000')).toBeCloseTo(0.2126, 4);
  });
});

describe('checkDesignContrast', () => {
  it('accepts AA pairs', () => {
    expect(checkDesignContrast({ accentColor: '#4c6ef5', textColor: '#000000', backgroundColor: '#ffffff' })).toEqual([]);
    expect(checkDesignContrast({ accentColor: '#ffd43b', textColor: '#c9c9c9', backgroundColor: '#1a1b1e' })).toEqual([]);
  });

  it('names the text pair below 4.5:1 and the accent pair below 3:1', () => {
    expect(checkDesignContrast({ accentColor: '#4c6ef5', textColor: '#777777', backgroundColor: '#ffffff' })).toEqual([
      { path: ['textColor'], code: 'validation/low_contrast_text' },
    ]);
    expect(checkDesignContrast({ accentColor: '#ffff00', textColor: '#000000', backgroundColor: '#ffffff' })).toEqual([
      { path: ['accentColor'], code: 'validation/low_contrast_accent' },
    ]);
    expect(checkDesignContrast({ accentColor: '#eeeeee', textColor: '#dddddd', backgroundColor: '#ffffff' })).toHaveLength(2);
  });

  it('applies the 3:1 accent threshold exactly at its edge', () => {
    // #949494 on white is about 3.03:1, #959595 about 2.99:1.
    expect(contrastRatio('#949494', '#ffffff')).toBeGreaterThanOrEqual(3);
    expect(contrastRatio('#959595', '#ffffff')).toBeLessThan(3);
    expect(checkDesignContrast({ accentColor: '#949494', textColor: '#000000', backgroundColor: '#ffffff' })).toEqual([]);
    expect(checkDesignContrast({ accentColor: '#959595', textColor: '#000000', backgroundColor: '#ffffff' })).toHaveLength(1);
  });
});

describe('designColorInput (the schema web and server share)', () => {
  const base = { version: 0, accentColor: '#4c6ef5', textColor: '#000000', backgroundColor: '#ffffff', theme: 'light' };

  it('reports the failing pair on its field', () => {
    expect(fieldCodes(designColorInput, { ...base, textColor: '#aaaaaa' })).toEqual({ textColor: 'validation/low_contrast_text' });
    expect(fieldCodes(designColorInput, { ...base, accentColor: '#f8f9fa' })).toEqual({ accentColor: 'validation/low_contrast_accent' });
  });

  it('asks for #rrggbb and a known theme without running the contrast rule on bad colours', () => {
    expect(fieldCodes(designColorInput, { ...base, backgroundColor: 'white' })).toEqual({ backgroundColor: 'validation/invalid_color' });
    expect(fieldCodes(designColorInput, { ...base, theme: 'sepia' })).toEqual({ theme: 'validation/invalid_value' });
    expect(fieldCodes(designColorInput, base)).toEqual({});
  });
});
