import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GENERATED, neededMantineStyles, renderMantineStyles } from '../../../scripts/mantine-styles.mjs';

describe('Mantine styles (only those in use)', () => {
  it('web/src/mantine-styles.ts imports exactly the styles of the Mantine components the app uses; run `npm run mantine-styles` after using a new one', () => {
    const needed = neededMantineStyles();
    expect(needed).toContain('Button.css');
    // Reached through Checkbox, not imported by the app itself.
    expect(needed).toContain('InlineInput.css');
    expect(needed).not.toContain('Stepper.css');
    expect(readFileSync(GENERATED, 'utf8')).toBe(renderMantineStyles(needed));
  });
});
